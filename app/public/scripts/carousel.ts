/**
 * The landing page's testimonial carousel (app/routes/_app/testimonial-carousel.tsx renders it). Without
 * this script it is a row of cards that scrolls sideways with snap points and each dot is a link
 * to its card; with it the dots and the arrow keys move it, and the active dot follows swipes.
 */
for (const carousel of document.querySelectorAll<HTMLElement>("[data-carousel]")) {
  const track = carousel.querySelector<HTMLElement>(".carousel-track");
  const dots = [...carousel.querySelectorAll<HTMLAnchorElement>(".carousel-dot")];
  if (!track || dots.length === 0) continue;
  const count = dots.length;
  let active = 0;
  // The slide a programmatic scroll is heading to: its in-between scroll positions do not move the dot.
  let scrollingTo: number | null = null;

  const show = (index: number) => {
    active = index;
    dots.forEach((dot, i) =>
      i === index ? dot.setAttribute("aria-current", "true") : dot.removeAttribute("aria-current"),
    );
  };

  const goTo = (index: number) => {
    const next = (index + count) % count;
    show(next);
    const left = next * track.clientWidth;
    scrollingTo = Math.abs(track.scrollLeft - left) < 2 ? null : next;
    const reduceMotion = window.matchMedia?.("(prefers-reduced-motion: reduce)").matches;
    track.scrollTo({ left, behavior: reduceMotion ? "auto" : "smooth" });
  };

  track.addEventListener("scroll", () => {
    if (track.clientWidth === 0) return;
    const index = Math.min(count - 1, Math.max(0, Math.round(track.scrollLeft / track.clientWidth)));
    if (scrollingTo !== null) {
      if (index !== scrollingTo || Math.abs(track.scrollLeft - index * track.clientWidth) >= 2) return;
      scrollingTo = null;
    }
    show(index);
  });

  track.addEventListener("keydown", (event) => {
    if (event.key === "ArrowRight") goTo(active + 1);
    else if (event.key === "ArrowLeft") goTo(active - 1);
    else if (event.key === "Home") goTo(0);
    else if (event.key === "End") goTo(count - 1);
    else return;
    event.preventDefault();
  });

  dots.forEach((dot, i) =>
    dot.addEventListener("click", (event) => {
      event.preventDefault();
      goTo(i);
    }),
  );
}
