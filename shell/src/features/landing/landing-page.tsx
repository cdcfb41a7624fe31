import type { ComponentType } from 'react';
// The extensions the server reads, as one plain string (common/file-types): no code to say them.
import { DEFAULT_FILE_TYPES_TEXT } from 'common/file-types';
import { ButtonLink } from 'common/ui/button';
import {
  ArrowRightIcon,
  BrandMark,
  ChartIcon,
  CheckIcon,
  CopyIcon,
  FileTextIcon,
  HistoryIcon,
  SparklesIcon,
  UploadIcon,
  ZapIcon,
} from 'common/ui/icons';
import type { IconProps } from 'common/ui/icons';
import { BrandLink } from '../../components/brand-link';
import '../../components/site-header.css';
import './landing-page.css';

interface Feature {
  icon: ComponentType<IconProps>;
  title: string;
  text: string;
}

const features: Feature[] = [
  {
    icon: ZapIcon,
    title: 'Up to 50,000 characters',
    text: `Summarize long articles, reports and papers in one go. Paste text or upload a ${DEFAULT_FILE_TYPES_TEXT} file.`,
  },
  {
    icon: HistoryIcon,
    title: 'History of summaries',
    text: 'Every summary is saved to your history, ready to revisit, compare and reuse whenever you need it.',
  },
  {
    icon: CopyIcon,
    title: 'Copy and download',
    text: 'Copy a summary to your clipboard in one click or download it to share with your team.',
  },
  {
    icon: ChartIcon,
    title: 'Analytics',
    text: 'See the compression rate, word counts and your usage, so you know how much reading you saved.',
  },
];

const figures = [
  { value: '1000+', label: 'Active users' },
  { value: '50,000+', label: 'Summaries' },
  { value: '85%', label: 'Time saved' },
];

const steps: Feature[] = [
  {
    icon: UploadIcon,
    title: 'Paste or upload',
    text: `Paste your text, or upload a document, a photo or a scan (${DEFAULT_FILE_TYPES_TEXT}) of up to 10MB.`,
  },
  {
    icon: SparklesIcon,
    title: 'AI analysis',
    text: 'Our AI reads the whole document and picks out the ideas that matter.',
  },
  {
    icon: FileTextIcon,
    title: 'Get results',
    text: 'Get a clear summary in seconds, with word counts and the compression rate.',
  },
];

/** The hero's illustration: a long document condensed into a short summary. */
function SummaryPreview() {
  return (
    <div
      className="landing-preview"
      role="img"
      aria-label="Example: a 2,480-word report condensed into a 310-word summary, 87% shorter"
    >
      <div className="landing-preview__window">
        <div className="landing-preview__bar">
          <span />
          <span />
          <span />
        </div>
        <div className="landing-preview__section">
          <p className="landing-preview__label">
            <FileTextIcon /> Original · 2,480 words
          </p>
          <div className="landing-preview__lines">
            {[96, 88, 92, 74, 90, 82, 60].map((width, index) => (
              <span key={index} style={{ width: `${width}%` }} />
            ))}
          </div>
        </div>
        <div className="landing-preview__arrow">
          <SparklesIcon size={14} /> Summarizing
        </div>
        <div className="landing-preview__section landing-preview__section--summary">
          <p className="landing-preview__label">
            <SparklesIcon /> Summary · 310 words
          </p>
          <p className="landing-preview__text">
            Revenue grew 18% on strong subscription demand, while costs held flat. The team
            recommends expanding into two new markets next quarter.
          </p>
          <div className="landing-preview__stats">
            <span>87% shorter</span>
            <span>1.4s</span>
          </div>
        </div>
      </div>
    </div>
  );
}

/** The public home page (SPEC.md §2 "Landing page"), also shown for any unknown path. */
export function LandingPage() {
  return (
    <div className="landing">
      <header className="site-header--sticky">
        <div className="site-header__bar landing-header__inner">
          <BrandLink />
          <nav aria-label="Account" className="site-header__links landing-header__nav">
            <ButtonLink to="/login" variant="ghost" size="sm">
              Sign In
            </ButtonLink>
            <ButtonLink to="/register" size="sm">
              Get Started Free
            </ButtonLink>
          </nav>
        </div>
      </header>

      <main id="main-content">
        <section className="landing-hero" aria-labelledby="landing-title">
          <div className="landing-container landing-hero__grid">
            <div className="landing-hero__copy">
              <p className="landing-eyebrow">
                <SparklesIcon /> AI-powered summaries
              </p>
              <h1 id="landing-title" className="landing-hero__title">
                Read less. <span className="landing-highlight">Understand more.</span>
              </h1>
              <p className="landing-hero__lead">
                Paste text or upload a document and get a clear, accurate summary in seconds. Built
                for professionals, students and researchers who have more to read than time to read
                it.
              </p>
              <div className="landing-actions">
                <ButtonLink to="/register" size="lg">
                  Get Started Free <ArrowRightIcon />
                </ButtonLink>
                <ButtonLink to="/login" size="lg" variant="outline">
                  Sign In
                </ButtonLink>
              </div>
              <ul className="landing-perks">
                <li>
                  <CheckIcon /> 5 free credits
                </li>
                <li>
                  <CheckIcon /> No credit card required
                </li>
              </ul>
            </div>
            <SummaryPreview />
          </div>
        </section>

        <section className="landing-figures" aria-label="Brevity in numbers">
          <dl className="landing-container landing-figures__list">
            {figures.map((figure) => (
              <div key={figure.label} className="landing-figure">
                <dt>{figure.label}</dt>
                <dd>{figure.value}</dd>
              </div>
            ))}
          </dl>
        </section>

        <section className="landing-section" aria-labelledby="features-title">
          <div className="landing-container">
            <div className="landing-section__intro">
              <h2 id="features-title">Everything you need to get to the point</h2>
              <p>
                From a single paragraph to a 50,000-character report, Brevity keeps what matters.
              </p>
            </div>
            <ul className="landing-features">
              {features.map(({ icon: Icon, title, text }) => (
                <li key={title} className="landing-feature">
                  <span className="landing-feature__icon ui-icon-tile">
                    <Icon size={20} />
                  </span>
                  <h3>{title}</h3>
                  <p>{text}</p>
                </li>
              ))}
            </ul>
          </div>
        </section>

        <section className="landing-section landing-section--tinted" aria-labelledby="how-title">
          <div className="landing-container">
            <div className="landing-section__intro">
              <h2 id="how-title">How It Works</h2>
              <p>Three steps from a wall of text to the gist of it.</p>
            </div>
            <ol className="landing-steps">
              {steps.map(({ icon: Icon, title, text }, index) => (
                <li key={title} className="landing-step">
                  <span className="landing-step__number" aria-hidden="true">
                    {index + 1}
                  </span>
                  <span className="landing-step__icon ui-icon-tile">
                    <Icon size={20} />
                  </span>
                  <h3>{title}</h3>
                  <p>{text}</p>
                </li>
              ))}
            </ol>
          </div>
        </section>

        <section className="landing-section" aria-labelledby="cta-title">
          <div className="landing-container">
            <div className="landing-cta">
              <h2 id="cta-title">Ready to read smarter?</h2>
              <p>Create your account and start with 5 free credits. No credit card required.</p>
              <ButtonLink to="/register" size="lg" variant="secondary">
                Get Started Free <ArrowRightIcon />
              </ButtonLink>
            </div>
          </div>
        </section>
      </main>

      <footer className="landing-footer">
        <div className="landing-container landing-footer__inner">
          <span className="ui-brand landing-footer__brand">
            <BrandMark size={22} />
            <span>Brevity</span>
          </span>
          <p>AI summaries for long text and documents.</p>
          <p>© {new Date().getFullYear()} Brevity</p>
        </div>
      </footer>
    </div>
  );
}
