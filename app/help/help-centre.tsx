import { useState, type KeyboardEvent } from "react";
import { useT } from "~/i18n/i18n";
import { RIDER_SHARE_PERCENT } from "~/money/fee-split";
import { PublicHeader } from "~/public/public-header";
import { SiteFooter } from "~/public/site-footer";
import type { ContactLinks } from "./contact";
import { searchFaqs, type Faq, type FaqTab, type FaqTabId } from "./faq-search";

/**
 * One accordion: `<details>` items, so they open and close without JavaScript; with JavaScript
 * only one is open at a time and the open one closes when clicked again.
 */
function FaqAccordion({ faqs, openId, onToggle }: { faqs: readonly Faq[]; openId: string | null; onToggle: (id: string) => void }) {
  return (
    <div className="accordion">
      {faqs.map((faq) => (
        <details key={faq.id} className="accordion-item" open={openId === faq.id}>
          <summary
            onClick={(event) => {
              event.preventDefault();
              onToggle(faq.id);
            }}
          >
            {faq.question}
          </summary>
          <div className="accordion-body">
            <p>{faq.answer}</p>
            {faq.points ? (
              <ul>
                {faq.points.map((point) => (
                  <li key={point}>{point}</li>
                ))}
              </ul>
            ) : null}
          </div>
        </details>
      ))}
    </div>
  );
}

function RateCard({ lines }: { lines: readonly string[] }) {
  const t = useT();
  return (
    <aside className="card rate-card" aria-labelledby="rate-card-heading">
      <h3 id="rate-card-heading">{t("help.rateCard.heading")}</h3>
      <ul>
        {lines.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      <p className="muted">{t("help.rateCard.note", { percent: RIDER_SHARE_PERCENT })}</p>
    </aside>
  );
}

/**
 * /help: search, three tabs of questions, the rate card and contacts (spec section 2).
 * Without JavaScript the tabs are links (`?tab=`) and the search is a GET form (`?q=`), so every
 * answer can still be read. The questions come finished from the server (app/help/faqs.ts), in
 * the reader's language with the co-op's figures in force.
 */
export function HelpCentre({
  initialTab,
  initialQuery,
  tabs,
  rateCardLines,
  contacts,
}: {
  initialTab: FaqTabId;
  initialQuery: string;
  tabs: readonly FaqTab[];
  rateCardLines: readonly string[];
  /** The co-op settings' contacts; each card shows only when set. */
  contacts: ContactLinks;
}) {
  const t = useT();
  const [tabId, setTabId] = useState<FaqTabId>(initialTab);
  const [query, setQuery] = useState(initialQuery);
  const [openId, setOpenId] = useState<string | null>(null);
  const toggle = (id: string) => setOpenId((current) => (current === id ? null : id));
  const searching = query.trim() !== "";
  const matches = searching ? searchFaqs(query, tabs) : [];
  const matchCount = matches.reduce((n, m) => n + m.faqs.length, 0);

  function selectTab(id: FaqTabId) {
    setTabId(id);
    setOpenId(null);
  }

  function onTabKeyDown(event: KeyboardEvent<HTMLElement>) {
    const index = tabs.findIndex((t) => t.id === tabId);
    let next = index;
    if (event.key === "ArrowRight") next = (index + 1) % tabs.length;
    else if (event.key === "ArrowLeft") next = (index - 1 + tabs.length) % tabs.length;
    else if (event.key === "Home") next = 0;
    else if (event.key === "End") next = tabs.length - 1;
    else return;
    const nextTab = tabs[next];
    if (!nextTab) return;
    event.preventDefault();
    selectTab(nextTab.id);
    document.getElementById(`help-tab-${nextTab.id}`)?.focus();
  }

  const activeTab = tabs.find((t) => t.id === tabId) ?? tabs[0]!;

  return (
    <div className="public-page">
      <PublicHeader backToHome />
      <main>
        <section className="landing-hero help-hero" aria-labelledby="help-heading">
          <div className="landing-hero-inner">
            <h1 id="help-heading">{t("help.heading")}</h1>
            <p className="landing-hero-lead">{t("help.lead")}</p>
            <form method="get" role="search" className="help-search" onSubmit={(event) => event.preventDefault()}>
              <label htmlFor="help-search-input" className="visually-hidden">
                {t("help.search.label")}
              </label>
              <input
                id="help-search-input"
                type="search"
                name="q"
                placeholder={t("help.search.placeholder")}
                autoComplete="off"
                value={query}
                onChange={(event) => {
                  setQuery(event.target.value);
                  setOpenId(null);
                }}
              />
            </form>
          </div>
        </section>

        <div className="public-content help-content">
          {searching ? (
            <section aria-labelledby="search-results-heading" className="landing-section">
              <h2 id="search-results-heading" className="section-heading" aria-live="polite">
                {t(matchCount === 0 ? "help.results.none" : matchCount === 1 ? "help.results.one" : "help.results.many", {
                  count: matchCount,
                  query: query.trim(),
                })}
              </h2>
              {matchCount === 0 ? (
                <div className="card empty-state">
                  <p>{t("help.empty.title")}</p>
                  <p className="muted">{contacts.messenger || contacts.hotline || contacts.email ? t("help.empty.hint") : t("help.empty.hintNoContacts")}</p>
                  <button type="button" className="button button-secondary" onClick={() => setQuery("")}>
                    {t("help.empty.clear")}
                  </button>
                </div>
              ) : (
                matches.map(({ tab, faqs }) => (
                  <div key={tab.id} className="search-group">
                    <h3>{tab.label}</h3>
                    <FaqAccordion faqs={faqs} openId={openId} onToggle={toggle} />
                  </div>
                ))
              )}
            </section>
          ) : (
            <section aria-label={t("help.faqs.label")} className="landing-section">
              <div role="tablist" aria-label={t("help.tabs.label")} className="tabs" onKeyDown={onTabKeyDown}>
                {tabs.map((tab) => {
                  const selected = tab.id === activeTab.id;
                  return (
                    <a
                      key={tab.id}
                      id={`help-tab-${tab.id}`}
                      href={`?tab=${tab.id}`}
                      role="tab"
                      aria-selected={selected}
                      aria-controls={`help-panel-${tab.id}`}
                      tabIndex={selected ? 0 : -1}
                      className="tab"
                      onClick={(event) => {
                        event.preventDefault();
                        selectTab(tab.id);
                      }}
                    >
                      {tab.label}
                    </a>
                  );
                })}
              </div>
              <div
                role="tabpanel"
                id={`help-panel-${activeTab.id}`}
                aria-labelledby={`help-tab-${activeTab.id}`}
                className="tab-panel"
              >
                {activeTab.id === "pricing" ? <RateCard lines={rateCardLines} /> : null}
                <FaqAccordion faqs={activeTab.faqs} openId={openId} onToggle={toggle} />
              </div>
            </section>
          )}

          {contacts.messenger || contacts.hotline || contacts.email ? (
            <section className="landing-section still-need-help" aria-labelledby="still-need-help-heading">
              <h2 id="still-need-help-heading" className="section-heading">
                {t("help.contact.heading")}
              </h2>
              <ul className="grid grid-3 plain-list" data-testid="help-contacts">
                {contacts.messenger ? (
                  <li className="card contact-card">
                    <h3>{t("help.contact.chat.title")}</h3>
                    <p className="muted">{t("help.contact.chat.text")}</p>
                    <a href={contacts.messenger.url} rel="noopener noreferrer" target="_blank">
                      {contacts.messenger.label}
                    </a>
                  </li>
                ) : null}
                {contacts.hotline ? (
                  <li className="card contact-card">
                    <h3>{t("help.contact.hotline.title")}</h3>
                    <p className="muted">{t("help.contact.hotline.text")}</p>
                    <a href={`tel:${contacts.hotline.tel}`}>{contacts.hotline.display}</a>
                  </li>
                ) : null}
                {contacts.email ? (
                  <li className="card contact-card">
                    <h3>{t("help.contact.email.title")}</h3>
                    <p className="muted">{t("help.contact.email.text")}</p>
                    <a href={`mailto:${contacts.email}`}>{contacts.email}</a>
                  </li>
                ) : null}
              </ul>
            </section>
          ) : null}
        </div>
      </main>
      <SiteFooter />
    </div>
  );
}
