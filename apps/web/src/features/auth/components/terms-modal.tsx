import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { TERMS_LAST_UPDATED, TERMS_SECTIONS } from './terms-content';
import styles from './terms-modal.module.css';

export interface TermsModalProps {
  open: boolean;
  onClose: () => void;
}

/** The Terms and Conditions: 9 numbered sections, each expandable to its subsections, and Close. */
export function TermsModal({ open, onClose }: TermsModalProps) {
  return (
    <Modal
      open={open}
      onClose={onClose}
      title="Terms and Conditions"
      description={`Last updated ${TERMS_LAST_UPDATED}. Open a section to read it.`}
      size="lg"
      footer={<Button onClick={onClose}>Close</Button>}
    >
      <ol className={styles.terms}>
        {TERMS_SECTIONS.map((section, index) => (
          <li key={section.id} className={styles.section}>
            <details>
              <summary className={styles.summary}>
                <span className={styles.number}>{index + 1}.</span> {section.title}
              </summary>
              <div className={styles.content}>
                {section.subsections.map((subsection, subIndex) => (
                  <section key={subsection.title} className={styles.subsection}>
                    <h3 className={styles.subtitle}>
                      {index + 1}.{subIndex + 1} {subsection.title}
                    </h3>
                    {subsection.paragraphs.map((paragraph) => (
                      <p key={paragraph.slice(0, 40)}>{paragraph}</p>
                    ))}
                  </section>
                ))}
              </div>
            </details>
          </li>
        ))}
      </ol>
    </Modal>
  );
}
