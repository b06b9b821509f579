// /welcome: what Jono is, why it is good, account help and (when not installed) how to install.
// Slides 1, 2 and 4 advance on a tap, wrapping to the first; dots show and pick the slide.
import { startTransition, useEffect, useState, type ReactNode } from 'react';
import { Link } from '../../../components/ui/link';
import { useTranslation } from '../../../lib/use-translation';
import { CountryPicker } from '../../../components/ui/country-picker';
import { paths } from '../../../lib/paths';
import { STORAGE_KEYS, writeStorage } from '../../../lib/storage';
import { Logo } from '../../account/components/logo';
import { currentInstallPlatform, isStandalone } from '../../pwa/standalone';
import { Dots } from '../components/dots';
import { InstallSteps } from '../components/install-steps';
import { useCarousel } from '../components/use-carousel';
import '../welcome.css';

interface Slide {
  key: string;
  advances: boolean;
  /** Drawn when the slide is (a function: its texts are looked up only then). */
  content: () => ReactNode;
}

export function WelcomeRoute() {
  const { t } = useTranslation('welcome');
  const [standalone] = useState(isStandalone);
  const { ref: carouselRef, selected, goTo, advance } = useCarousel();
  const seen = () => writeStorage(STORAGE_KEYS.welcomeSeen, true);
  // The first render draws the first slide's content only, the one a first visit shows (its
  // largest paint); the others, off screen and inert until chosen, follow at once in a
  // transition of their own: React draws them in slices after the first slide has been painted.
  const [allSlides, setAllSlides] = useState(false);
  useEffect(() => startTransition(() => setAllSlides(true)), []);

  const slides: Slide[] = [
    {
      key: 'what',
      advances: true,
      content: () => (
        <>
          <Logo />
          <h2>{t('slides.what.title')}</h2>
          <p>{t('slides.what.text')}</p>
          <p>{t('slides.what.members')}</p>
        </>
      ),
    },
    {
      key: 'why',
      advances: true,
      content: () => (
        <>
          <h2>{t('slides.why.title')}</h2>
          <ul className="welcome-bullets">
            <li>{t('slides.why.noAppointment')}</li>
            <li>{t('slides.why.members')}</li>
            <li>{t('slides.why.technique')}</li>
          </ul>
        </>
      ),
    },
    {
      key: 'account',
      advances: false,
      content: () => (
        <>
          <h2>{t('slides.account.title')}</h2>
          <div className="welcome-block">
            <h3>{t('slides.account.registerTitle')}</h3>
            <p>{t('slides.account.registerText')}</p>
            <Link className="button button--secondary" to={paths.register.href()} onClick={seen}>
              {t('slides.account.register')}
            </Link>
          </div>
          <div className="welcome-block">
            <h3>{t('slides.account.recoveryTitle')}</h3>
            <p>{t('slides.account.recoveryText')}</p>
            <Link className="button button--secondary" to={paths.recovery.href()} onClick={seen}>
              {t('slides.account.recovery')}
            </Link>
          </div>
        </>
      ),
    },
    ...(standalone
      ? []
      : [
          {
            key: 'install',
            advances: true,
            content: () => (
              <>
                <h2>{t('slides.install.title')}</h2>
                <p>{t('slides.install.text')}</p>
                <InstallSteps platform={currentInstallPlatform()} />
              </>
            ),
          },
        ]),
  ];

  return (
    <main className="screen welcome-screen">
      <header className="screen__header">
        <h1 className="visually-hidden">{t('title')}</h1>
        <CountryPicker variant="select" />
        <Link className="screen__header-link" to={paths.profileLanguage.href()}>
          {t('common:language')}
        </Link>
      </header>
      <div
        className="carousel"
        ref={carouselRef}
        aria-roledescription={t('carousel')}
        aria-label={t('title')}
        role="region"
      >
        <div className="carousel__track">
          {slides.map((slide, index) => (
            <section
              key={slide.key}
              className="carousel__slide welcome-slide"
              inert={index !== selected}
              aria-roledescription={t('slide')}
              aria-label={t('dots.goTo', { number: index + 1, count: slides.length })}
              onClick={slide.advances ? () => advance(slides.length) : undefined}
            >
              {index === 0 || allSlides ? slide.content() : null}
            </section>
          ))}
        </div>
      </div>
      <Dots count={slides.length} selected={selected} onSelect={goTo} />
      <div className="stack welcome-actions">
        <Link className="button button--primary" to={paths.root.href()} onClick={seen}>
          {t('findShop')}
        </Link>
        <Link className="button button--secondary" to={paths.login.href()} onClick={seen}>
          {t('login')}
        </Link>
      </div>
    </main>
  );
}
