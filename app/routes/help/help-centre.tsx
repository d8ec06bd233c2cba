import { useT } from "~/i18n/i18n";
import { RIDER_SHARE_PERCENT } from "~/money/fee-split";
import { PublicHeader } from "~/public/public-header";
import { SiteFooter } from "~/public/site-footer";
import type { ContactLinks } from "~/public/contact";
import { searchFaqs, type Faq, type FaqTab, type FaqTabId } from "~/public/faq-search";

/**
 * One accordion: `<details>` items sharing a name, so they open and close without JavaScript and
 * the browser keeps one open at a time.
 */
function FaqAccordion({ faqs }: { faqs: readonly Faq[] }) {
  return (
    <div className="accordion">
      {faqs.map((faq) => (
        <details key={faq.id} className="accordion-item" {...{ name: "help-faq" }}>
          <summary>{faq.question}</summary>
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

/** The FAQs as JSON for the search-as-you-type script (`<` escaped: it sits in a script element). */
const faqJson = (tabs: readonly FaqTab[]) => JSON.stringify(tabs).replace(/</g, "\\u003c");

/**
 * /help: search, three tabs of questions, the rate card and contacts. Rendered
 * on the server only (decision 0188): the tabs are links (`?tab=`) and the search is a GET form
 * (`?q=`), so every answer can be read without JavaScript. The page script
 * (app/public/scripts/help-search.ts) searches as the reader types, over the same questions sent
 * as JSON, with the same `searchFaqs`. The questions come finished from the server
 * (app/public/faqs.ts), in the reader's language with the co-op's figures in force.
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
  const query = initialQuery.trim();
  const searching = query !== "";
  const matches = searching ? searchFaqs(query, tabs) : [];
  const matchCount = matches.reduce((n, m) => n + m.faqs.length, 0);
  const activeTab = tabs.find((tab) => tab.id === initialTab) ?? tabs[0]!;
  const hasContacts = Boolean(contacts.messenger || contacts.hotline || contacts.email);
  // The results heading for the script: its placeholders left in for it to fill.
  const heading = (id: "help.results.none" | "help.results.one" | "help.results.many") =>
    t(id, { count: "{count}", query: "{query}" });

  return (
    <div className="public-page">
      <PublicHeader backToHome />
      <main>
        <section className="landing-hero help-hero" aria-labelledby="help-heading">
          <div className="landing-hero-inner">
            <h1 id="help-heading">{t("help.heading")}</h1>
            <p className="landing-hero-lead">{hasContacts ? t("help.lead") : t("help.leadNoContacts")}</p>
            <form method="get" action="/help" role="search" className="help-search" data-help-search>
              <label htmlFor="help-search-input" className="visually-hidden">
                {t("help.search.label")}
              </label>
              <input
                id="help-search-input"
                type="search"
                name="q"
                placeholder={t("help.search.placeholder")}
                autoComplete="off"
                defaultValue={initialQuery}
              />
            </form>
          </div>
        </section>

        <div className="public-content help-content">
          {searching ? (
            <section id="help-results" aria-labelledby="search-results-heading" className="landing-section">
              <h2 id="search-results-heading" className="section-heading" aria-live="polite">
                {t(
                  matchCount === 0 ? "help.results.none" : matchCount === 1 ? "help.results.one" : "help.results.many",
                  {
                    count: matchCount,
                    query,
                  },
                )}
              </h2>
              {matchCount === 0 ? (
                <EmptyResults hasContacts={hasContacts} />
              ) : (
                matches.map(({ tab, faqs }) => (
                  <div key={tab.id} className="search-group">
                    <h3>{tab.label}</h3>
                    <FaqAccordion faqs={faqs} />
                  </div>
                ))
              )}
            </section>
          ) : (
            <section id="help-topics" aria-label={t("help.faqs.label")} className="landing-section">
              <div role="tablist" aria-label={t("help.tabs.label")} className="tabs">
                {tabs.map((tab) => {
                  const selected = tab.id === activeTab.id;
                  return (
                    <a
                      key={tab.id}
                      id={`help-tab-${tab.id}`}
                      href={`?tab=${tab.id}`}
                      role="tab"
                      aria-selected={selected}
                      aria-controls={selected ? `help-panel-${tab.id}` : undefined}
                      className="tab"
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
                <FaqAccordion faqs={activeTab.faqs} />
              </div>
            </section>
          )}
          {/* What the search-as-you-type script needs: the questions and the texts it shows. */}
          <template
            id="help-search-texts"
            data-none={heading("help.results.none")}
            data-one={heading("help.results.one")}
            data-many={heading("help.results.many")}
          >
            <EmptyResults hasContacts={hasContacts} />
          </template>
          <script type="application/json" id="help-faqs" dangerouslySetInnerHTML={{ __html: faqJson(tabs) }} />

          {hasContacts ? (
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
      <SiteFooter contacts={contacts} />
    </div>
  );
}

/** No question matches: a hint and a way back to the topics (a link; the script clears in place). */
function EmptyResults({ hasContacts }: { hasContacts: boolean }) {
  const t = useT();
  return (
    <div className="card empty-state">
      <p>{t("help.empty.title")}</p>
      <p className="muted">{hasContacts ? t("help.empty.hint") : t("help.empty.hintNoContacts")}</p>
      <a href="/help" className="button button-secondary" role="button" data-clear-search>
        {t("help.empty.clear")}
      </a>
    </div>
  );
}
