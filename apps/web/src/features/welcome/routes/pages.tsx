// The tutorial (3 slides ending with locate or continue) and the help, information and
// install-instructions screens.
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Link } from '../../../components/ui/link';
import { useTranslation } from '../../../lib/use-translation';
import { GEOLOCATION_TIMEOUT_MS, TUTORIAL_SLIDES } from '@jono/contract';
import { BackButton } from '../../../components/ui/back-button';
import { useLocationStore } from '../../../lib/location-store';
import { paths } from '../../../lib/paths';
import { useIsLoggedIn } from '../../../lib/session-store';
import { useOrderDraftStore } from '../../order/stores/order-draft-store';
import { useUpdateProfile } from '../../profile/api/update-profile';
import { currentInstallPlatform, isStandalone } from '../../pwa/standalone';
import { Dots } from '../components/dots';
import { InstallSteps } from '../components/install-steps';
import { useCarousel } from '../components/use-carousel';
import '../welcome.css';

function Page({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <main className="screen welcome-page">
      <header className="screen__header">
        <BackButton fallback={paths.home.href()} />
        <h1>{title}</h1>
        <span />
      </header>
      {children}
    </main>
  );
}

export function TutorialRoute() {
  const { t } = useTranslation('welcome');
  const navigate = useNavigate();
  const { ref: carouselRef, selected, goTo } = useCarousel();
  const loggedIn = useIsLoggedIn();
  const update = useUpdateProfile();
  const [locating, setLocating] = useState(false);
  const finish = () => {
    if (loggedIn) update.mutate({ tutorial_seen: true });
    // A customer who chose services before creating their account goes back to them.
    const { draft } = useOrderDraftStore.getState();
    const back = draft.shopId !== null && draft.serviceIds.length > 0;
    void navigate(back ? paths.shop.href(draft.shopId ?? 0) : paths.home.href(), {
      state: { transition: 'slide-right' },
    });
  };
  const locate = () => {
    const store = useLocationStore.getState();
    if (!('geolocation' in navigator)) return finish();
    setLocating(true);
    store.setStatus('locating');
    navigator.geolocation.getCurrentPosition(
      (position) => {
        store.setCoords({ lat: position.coords.latitude, lng: position.coords.longitude });
        store.setClosestFirst(true);
        finish();
      },
      (error) => {
        store.setStatus(error.code === error.PERMISSION_DENIED ? 'denied' : 'failed');
        finish();
      },
      { timeout: GEOLOCATION_TIMEOUT_MS },
    );
  };
  const slides = Array.from({ length: TUTORIAL_SLIDES }, (_, i) => i + 1);
  return (
    <Page title={t('tutorial.title')}>
      <div className="carousel" ref={carouselRef}>
        <div className="carousel__track">
          {slides.map((n) => (
            <section key={n} className="carousel__slide welcome-slide" inert={n - 1 !== selected}>
              <h2>{t(`tutorial.slide${n}.title`)}</h2>
              <p>{t(`tutorial.slide${n}.text`)}</p>
              {n === TUTORIAL_SLIDES ? (
                <div className="stack">
                  <button
                    type="button"
                    className="button button--primary"
                    onClick={locate}
                    disabled={locating}
                    aria-busy={locating}
                  >
                    {t('tutorial.locate')}
                  </button>
                  <button type="button" className="button button--secondary" onClick={finish}>
                    {t('tutorial.continue')}
                  </button>
                </div>
              ) : (
                <button type="button" className="button button--secondary" onClick={() => goTo(n)}>
                  {t('tutorial.next')}
                </button>
              )}
            </section>
          ))}
        </div>
      </div>
      <Dots count={slides.length} selected={selected} onSelect={goTo} />
    </Page>
  );
}

export function HelpRoute() {
  const { t } = useTranslation('welcome');
  const topics = ['queue', 'members', 'checkIn', 'account'] as const;
  return (
    <Page title={t('help.title')}>
      {topics.map((topic) => (
        <section key={topic} className="welcome-block">
          <h2>{t(`help.${topic}.title`)}</h2>
          <p>{t(`help.${topic}.text`)}</p>
        </section>
      ))}
      <p className="welcome-links">
        <Link to={paths.tutorial.href()}>{t('tutorial.title')}</Link>
        <Link to={paths.install.href()}>{t('install.title')}</Link>
      </p>
    </Page>
  );
}

/** A section the link's #hash names is scrolled to once shown (the router does not). */
const scrollIntoViewWhenHash = (id: string) => (element: HTMLElement | null) => {
  if (element && window.location.hash === `#${id}`) element.scrollIntoView();
};

export function InformationRoute() {
  const { t } = useTranslation('welcome');
  return (
    <Page title={t('information.title')}>
      <section className="welcome-block">
        <h2>{t('information.serviceTitle')}</h2>
        <p>{t('information.serviceText')}</p>
      </section>
      <section className="welcome-block">
        <h2>{t('information.privacyTitle')}</h2>
        <p>{t('information.privacyText')}</p>
      </section>
      <section className="welcome-block" id="cookies">
        <h2>{t('information.cookiesTitle')}</h2>
        <p>{t('information.cookiesText')}</p>
      </section>
      <section className="welcome-block">
        <h2>{t('information.paymentTitle')}</h2>
        <p>{t('information.paymentText')}</p>
      </section>
      <section className="welcome-block" id="membership" ref={scrollIntoViewWhenHash('membership')}>
        <h2>{t('information.membershipTitle')}</h2>
        <p>{t('information.membershipText')}</p>
      </section>
    </Page>
  );
}

export function InstallRoute() {
  const { t } = useTranslation('welcome');
  const [standalone] = useState(isStandalone);
  return (
    <Page title={t('install.title')}>
      {standalone ? (
        <p className="notice notice--success">{t('install.installed')}</p>
      ) : (
        <>
          <p>{t('slides.install.text')}</p>
          <InstallSteps platform={currentInstallPlatform()} />
        </>
      )}
    </Page>
  );
}
