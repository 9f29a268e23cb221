import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { TERMS_LAST_UPDATED, TERMS_SECTIONS } from './terms-content';
import './auth.css';

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
      <ol className="terms">
        {TERMS_SECTIONS.map((section, index) => (
          <li key={section.id} className="terms__section">
            <details>
              <summary className="terms__summary">
                <span className="terms__number">{index + 1}.</span> {section.title}
              </summary>
              <div className="terms__content">
                {section.subsections.map((subsection, subIndex) => (
                  <section key={subsection.title} className="terms__subsection">
                    <h3 className="terms__subtitle">
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
