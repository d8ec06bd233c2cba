import { useMemo, useState, type KeyboardEvent } from "react";
import { PublicHeader } from "~/public/public-header";
import { SiteFooter } from "~/public/site-footer";
import { rateCardLines } from "~/pricing/rate-card";
import { RIDER_SHARE_PERCENT } from "~/money/money";
import { SUPPORT_CONTACT } from "./contact";
import { faqTabs, searchFaqs, type Faq, type FaqTabId, type HelpFigures } from "./faqs";

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

function RateCard({ card }: { card: HelpFigures["rateCard"] }) {
  return (
    <aside className="card rate-card" aria-labelledby="rate-card-heading">
      <h3 id="rate-card-heading">Rate card</h3>
      <ul>
        {rateCardLines(card).map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      <p className="muted">
        The rider keeps {RIDER_SHARE_PERCENT}% of every fee. You see the exact price before you confirm a booking.
      </p>
    </aside>
  );
}

/**
 * /help: search, three tabs of questions, the rate card and contacts (spec section 2).
 * Without JavaScript the tabs are links (`?tab=`) and the search is a GET form (`?q=`), so every
 * answer can still be read.
 */
export function HelpCentre({ initialTab, initialQuery, figures }: { initialTab: FaqTabId; initialQuery: string; figures: HelpFigures }) {
  const tabs = useMemo(() => faqTabs(figures), [figures]);
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
            <h1 id="help-heading">Help Center</h1>
            <p className="landing-hero-lead">Answers for customers and riders, our prices, and how to reach us.</p>
            <form method="get" role="search" className="help-search" onSubmit={(event) => event.preventDefault()}>
              <label htmlFor="help-search-input" className="visually-hidden">
                Search help articles
              </label>
              <input
                id="help-search-input"
                type="search"
                name="q"
                placeholder="Search for answers, e.g. GCash"
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
                {matchCount === 0
                  ? `No results for “${query.trim()}”`
                  : `${matchCount} ${matchCount === 1 ? "result" : "results"} for “${query.trim()}”`}
              </h2>
              {matchCount === 0 ? (
                <div className="card empty-state">
                  <p>We couldn't find a question matching your search.</p>
                  <p className="muted">Try another word, browse the topics, or contact us below.</p>
                  <button type="button" className="button button-secondary" onClick={() => setQuery("")}>
                    Clear search
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
            <section aria-label="Frequently asked questions" className="landing-section">
              <div role="tablist" aria-label="Help topics" className="tabs" onKeyDown={onTabKeyDown}>
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
                {activeTab.id === "pricing" ? <RateCard card={figures.rateCard} /> : null}
                <FaqAccordion faqs={activeTab.faqs} openId={openId} onToggle={toggle} />
              </div>
            </section>
          )}

          <section className="landing-section still-need-help" aria-labelledby="still-need-help-heading">
            <h2 id="still-need-help-heading" className="section-heading">
              Still Need Help?
            </h2>
            <ul className="grid grid-3 plain-list">
              <li className="card contact-card">
                <h3>Chat with us</h3>
                <p className="muted">Message us on Messenger, every day from 7 AM to 10 PM.</p>
                <a href={SUPPORT_CONTACT.messengerUrl} rel="noopener noreferrer" target="_blank">
                  {SUPPORT_CONTACT.messengerLabel}
                </a>
              </li>
              <li className="card contact-card">
                <h3>Emergency Hotline</h3>
                <p className="muted">For accidents and urgent delivery problems, 24/7.</p>
                <a href={`tel:${SUPPORT_CONTACT.hotlineTel}`}>{SUPPORT_CONTACT.hotlineDisplay}</a>
              </li>
              <li className="card contact-card">
                <h3>Email Support</h3>
                <p className="muted">We reply within one business day.</p>
                <a href={`mailto:${SUPPORT_CONTACT.email}`}>{SUPPORT_CONTACT.email}</a>
              </li>
            </ul>
          </section>
        </div>
      </main>
      <SiteFooter />
    </div>
  );
}
