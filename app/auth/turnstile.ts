/**
 * Cloudflare Turnstile in invisible mode, only when a site key is configured (docs/guide/people-and-access.md#sign-in-by-phone). The
 * widget is created fresh for every send and removed afterwards (spec: the captcha check is
 * cleared and recreated on every send and after errors). Without a site key: no token, no script.
 */
/** What a sign-in form needs to ask Turnstile for a token: the site key and where its widget script is. */
export interface Captcha {
  siteKey: string;
  scriptUrl: string;
}

interface TurnstileApi {
  render(container: HTMLElement, options: Record<string, unknown>): string;
  remove(widgetId: string): void;
}
declare global {
  interface Window {
    turnstile?: TurnstileApi;
  }
}

let scriptLoading: Promise<void> | null = null;
function loadScript(url: string): Promise<void> {
  scriptLoading ??= new Promise((resolve, reject) => {
    const script = document.createElement("script");
    script.src = url;
    script.async = true;
    script.onload = () => resolve();
    script.onerror = () => {
      scriptLoading = null;
      reject(new Error("Security check could not load"));
    };
    document.head.appendChild(script);
  });
  return scriptLoading;
}

export async function captchaToken(
  siteKey: string | null | undefined,
  scriptUrl: string | undefined,
): Promise<string | undefined> {
  if (!siteKey || !scriptUrl) return undefined;
  await loadScript(scriptUrl);
  const container = document.createElement("div");
  document.body.appendChild(container);
  try {
    return await new Promise<string>((resolve, reject) => {
      const widgetId = window.turnstile!.render(container, {
        sitekey: siteKey,
        size: "invisible",
        callback: (token: string) => {
          resolve(token);
          window.turnstile?.remove(widgetId);
        },
        "error-callback": () => {
          reject(new Error("Security check failed"));
          window.turnstile?.remove(widgetId);
        },
      });
    });
  } finally {
    container.remove();
  }
}
