import { useT } from "~/i18n/i18n";
import { TOAST_VIEWPORT_HOTKEY } from "~/components/toast-store";

/** Where a React page leaves its flash toast when it reloads into a public page (see the root's App). */
export const CARRIED_TOAST_KEY = "hatid_flash_toast";

/**
 * Shows a toast carried across that reload (sessionStorage), inline with the page's CSP nonce: the
 * public pages have no script that shows toasts. Runs once, at the end of the body.
 */
export const SHOW_CARRIED_TOAST = `(function(){try{var t=JSON.parse(sessionStorage.getItem("${CARRIED_TOAST_KEY}")||"null");sessionStorage.removeItem("${CARRIED_TOAST_KEY}");var o=document.getElementById("public-toasts");if(!t||!o)return;var e=function(n,c){var d=document.createElement(n);d.className=c;return d};var bad=t.variant==="destructive",li=e("li","toast"+(bad?" toast-destructive":"")),b=e("div","toast-body"),x=e("div","toast-text");li.setAttribute("data-state","open");b.setAttribute("role",bad?"alert":"status");[["toast-title",t.title],["toast-description",t.description]].forEach(function(p){if(p[1]){var d=e("div",p[0]);d.textContent=p[1];x.appendChild(d)}});b.appendChild(x);li.appendChild(b);o.appendChild(li)}catch(_){}})()`;

/**
 * A toast written into a public page's HTML (decision 0188: no script shows one there): the
 * Toaster's region and card, without its timer and close button.
 */
export function StaticToast({
  id,
  title,
  description,
  variant,
  inPage = false,
}: {
  id?: string;
  title?: string;
  description?: string;
  variant?: "default" | "destructive";
  /** A toast of the page's own content (a form's answer): without a second toasts region. */
  inPage?: boolean;
}) {
  const t = useT();
  const destructive = variant === "destructive";
  const shown = Boolean(title || description);
  const list = (
    <ol className="toast-viewport" tabIndex={-1} id={id}>
      {shown ? (
        <li className={`toast ${destructive ? "toast-destructive" : ""}`} data-state="open">
          <div
            className="toast-body"
            role={destructive ? "alert" : "status"}
            aria-live={destructive ? "assertive" : "polite"}
            aria-atomic="true"
          >
            <div className="toast-text">
              {title ? <div className="toast-title">{title}</div> : null}
              {description ? <div className="toast-description">{description}</div> : null}
            </div>
          </div>
        </li>
      ) : null}
    </ol>
  );
  if (inPage) return list;
  return (
    <section role="region" aria-label={t("shell.toast.region", { hotkey: TOAST_VIEWPORT_HOTKEY })} tabIndex={-1}>
      {list}
    </section>
  );
}
