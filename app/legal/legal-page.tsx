import type { ContactLinks } from "~/public/contact";
import { useT } from "~/i18n/i18n";
import { PublicHeader } from "~/public/public-header";
import { SiteFooter } from "~/public/site-footer";
import type { LegalPageData } from "./legal-page.server";

/** The co-op's contacts from its settings, each only when set; none set: said so, nothing promised. */
function ContactList({ contacts }: { contacts: ContactLinks }) {
  const t = useT();
  if (!contacts.hotline && !contacts.messenger && !contacts.email)
    return <p data-testid="legal-no-contacts">{t("legal.contact.none")}</p>;
  return (
    <>
      <p>{t("legal.contact.line")}</p>
      <ul data-testid="legal-contacts">
        {contacts.hotline ? (
          <li>
            <a href={`tel:${contacts.hotline.tel}`}>
              {t("legal.contact.hotline", { hotline: contacts.hotline.display })}
            </a>
          </li>
        ) : null}
        {contacts.messenger ? (
          <li>
            <a href={contacts.messenger.url} rel="noopener noreferrer">
              {t("legal.contact.messenger", { messenger: contacts.messenger.label })}
            </a>
          </li>
        ) : null}
        {contacts.email ? (
          <li>
            <a href={`mailto:${contacts.email}`}>{t("legal.contact.email", { email: contacts.email })}</a>
          </li>
        ) : null}
      </ul>
    </>
  );
}

/**
 * /terms and /privacy (decision 0211): server-rendered public pages without React in the browser
 * (decision 0188), their texts finished by the server with the figures in force.
 */
export function LegalPage({
  data,
}: {
  data: Pick<LegalPageData, "title" | "lead" | "updated" | "sections" | "contacts">;
}) {
  const t = useT();
  return (
    <div className="public-page">
      <PublicHeader backToHome />
      <main className="public-content legal-page">
        <article aria-labelledby="legal-heading">
          <h1 id="legal-heading">{data.title}</h1>
          <p className="landing-hero-lead">{data.lead}</p>
          <p className="muted" data-testid="legal-updated">
            {data.updated}
          </p>
          <nav aria-label={t("legal.contents")} className="card legal-contents">
            <ol>
              {data.sections.map((section) => (
                <li key={section.id}>
                  <a href={`#${section.id}`}>{section.heading}</a>
                </li>
              ))}
            </ol>
          </nav>
          {data.sections.map((section) => (
            <section
              key={section.id}
              id={section.id}
              aria-labelledby={`${section.id}-heading`}
              className="legal-section"
            >
              <h2 id={`${section.id}-heading`}>{section.heading}</h2>
              {section.blocks.map((block, i) =>
                "paragraph" in block ? (
                  <p key={i}>{block.paragraph}</p>
                ) : "points" in block ? (
                  <ul key={i}>
                    {block.points.map((point) => (
                      <li key={point}>{point}</li>
                    ))}
                  </ul>
                ) : (
                  <ContactList key={i} contacts={data.contacts} />
                ),
              )}
            </section>
          ))}
        </article>
      </main>
      <SiteFooter contacts={data.contacts} />
    </div>
  );
}
