import { fillIn } from "~/i18n/fill-in";
import { searchFaqs, type Faq, type FaqTab } from "~/public/faq-search";

/**
 * /help's search as you type (app/routes/help/help-centre.tsx renders the page). Without this script
 * the search is a GET form (`/help?q=`) answered by the server; with it, typing shows the
 * matching questions of every tab at once, with the same `searchFaqs` over the same questions
 * (sent in the page as JSON), and clearing the search brings the topics back.
 */
const form = document.querySelector<HTMLFormElement>("[data-help-search]");
const input = form?.querySelector<HTMLInputElement>("input[name=q]");
const texts = document.getElementById("help-search-texts") as HTMLTemplateElement | null;
const data = document.getElementById("help-faqs");

if (form && input && texts && data) {
  const tabs = JSON.parse(data.textContent ?? "[]") as FaqTab[];
  // The section in place (topics or results) and the topics, kept while a search shows.
  let current = document.getElementById("help-results") ?? document.getElementById("help-topics");
  const topics = document.getElementById("help-topics");

  const element = <K extends keyof HTMLElementTagNameMap>(
    tag: K,
    props: Partial<HTMLElementTagNameMap[K]> = {},
    ...children: Node[]
  ) => {
    const node = Object.assign(document.createElement(tag), props);
    // appendChild: @cloudflare/workers-types gives Element an `append` of its own (HTMLRewriter's).
    for (const child of children) node.appendChild(child);
    return node;
  };

  const accordion = (faqs: readonly Faq[]) =>
    element(
      "div",
      { className: "accordion" },
      ...faqs.map((faq) => {
        const body = element("div", { className: "accordion-body" }, element("p", { textContent: faq.answer }));
        if (faq.points)
          body.appendChild(element("ul", {}, ...faq.points.map((point) => element("li", { textContent: point }))));
        const details = element(
          "details",
          { className: "accordion-item" },
          element("summary", { textContent: faq.question }),
          body,
        );
        details.setAttribute("name", "help-faq");
        return details;
      }),
    );

  const place = (section: HTMLElement) => {
    if (current) current.replaceWith(section);
    else texts.parentNode?.insertBefore(section, texts);
    current = section;
  };

  const clear = () => {
    input.value = "";
    history.replaceState(null, "", location.pathname);
    if (topics) place(topics);
    // Opened with `?q=`: the server did not send the topics; it shows them again.
    else location.assign("/help");
  };

  const show = (raw: string) => {
    const query = raw.trim();
    if (query === "") return clear();
    history.replaceState(null, "", `${location.pathname}?q=${encodeURIComponent(query)}`);
    const matches = searchFaqs(query, tabs);
    const count = matches.reduce((n, match) => n + match.faqs.length, 0);
    const template = texts.dataset[count === 0 ? "none" : count === 1 ? "one" : "many"] ?? "";
    const heading = element("h2", {
      id: "search-results-heading",
      className: "section-heading",
      textContent: fillIn(template, { count: String(count), query }),
    });
    heading.setAttribute("aria-live", "polite");
    const section = element("section", { id: "help-results", className: "landing-section" }, heading);
    section.setAttribute("aria-labelledby", "search-results-heading");
    if (count === 0) section.appendChild(texts.content.cloneNode(true));
    else
      for (const { tab, faqs } of matches)
        section.appendChild(
          element("div", { className: "search-group" }, element("h3", { textContent: tab.label }), accordion(faqs)),
        );
    place(section);
  };

  input.addEventListener("input", () => show(input.value));
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    show(input.value);
  });
  document.addEventListener("click", (event) => {
    if (!(event.target instanceof Element) || !event.target.closest("[data-clear-search]")) return;
    event.preventDefault();
    clear();
    input.focus();
  });
}
