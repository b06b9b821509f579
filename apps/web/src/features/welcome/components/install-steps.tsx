// How to add the app to the home screen on iOS (Safari) and Android (Chrome), with our own
// drawings of the buttons to press.
import { useTranslation } from '../../../lib/use-translation';
import type { InstallPlatform } from '../../pwa/standalone';

function PhoneDrawing({ children }: { children: React.ReactNode }) {
  return (
    <svg className="install-drawing" viewBox="0 0 120 200" aria-hidden="true" focusable="false">
      <rect
        x="4"
        y="4"
        width="112"
        height="192"
        rx="18"
        fill="#fff"
        stroke="#161616"
        strokeWidth="4"
      />
      <rect x="14" y="24" width="92" height="140" rx="4" fill="#e9eef8" />
      {children}
    </svg>
  );
}

/** Safari's share button (a square with an arrow up) at the bottom bar. */
function IosShare() {
  return (
    <PhoneDrawing>
      <rect x="14" y="166" width="92" height="22" fill="#f6f4f0" />
      <g transform="translate(60 177)" stroke="#1f4e9c" strokeWidth="2.5" fill="none">
        <path d="M-6 -2v9h12v-9" />
        <path d="M0 3v-12M-4 -5l4 -4 4 4" />
      </g>
      <circle cx="60" cy="177" r="12" fill="none" stroke="#f2a900" strokeWidth="3" />
    </PhoneDrawing>
  );
}

/** The share sheet with "Add to Home Screen" (a square with a plus). */
function IosAdd() {
  return (
    <PhoneDrawing>
      <rect x="14" y="96" width="92" height="68" rx="6" fill="#fff" stroke="#d9d4cc" />
      <rect x="22" y="108" width="50" height="8" rx="3" fill="#d9d4cc" />
      <rect x="22" y="130" width="50" height="8" rx="3" fill="#161616" />
      <g transform="translate(88 134)" stroke="#161616" strokeWidth="2" fill="none">
        <rect x="-7" y="-7" width="14" height="14" rx="3" />
        <path d="M0 -4v8M-4 0h8" />
      </g>
      <rect
        x="16"
        y="122"
        width="88"
        height="24"
        rx="6"
        fill="none"
        stroke="#f2a900"
        strokeWidth="3"
      />
    </PhoneDrawing>
  );
}

/** Chrome's menu (three dots) at the top right. */
function AndroidMenu() {
  return (
    <PhoneDrawing>
      <rect x="14" y="24" width="92" height="18" fill="#f6f4f0" />
      <g fill="#161616">
        <circle cx="96" cy="28" r="2" />
        <circle cx="96" cy="33" r="2" />
        <circle cx="96" cy="38" r="2" />
      </g>
      <circle cx="96" cy="33" r="10" fill="none" stroke="#f2a900" strokeWidth="3" />
    </PhoneDrawing>
  );
}

/** The menu's "Install app" entry. */
function AndroidInstall() {
  return (
    <PhoneDrawing>
      <rect x="46" y="30" width="60" height="80" rx="4" fill="#fff" stroke="#d9d4cc" />
      <rect x="54" y="42" width="40" height="7" rx="3" fill="#d9d4cc" />
      <rect x="54" y="62" width="40" height="7" rx="3" fill="#161616" />
      <rect x="54" y="82" width="40" height="7" rx="3" fill="#d9d4cc" />
      <rect
        x="48"
        y="55"
        width="56"
        height="21"
        rx="5"
        fill="none"
        stroke="#f2a900"
        strokeWidth="3"
      />
    </PhoneDrawing>
  );
}

function Steps({ platform }: { platform: 'ios' | 'android' }) {
  const { t } = useTranslation('welcome');
  const steps =
    platform === 'ios'
      ? [
          { text: t('install.ios.step1'), drawing: <IosShare /> },
          { text: t('install.ios.step2'), drawing: <IosAdd /> },
        ]
      : [
          { text: t('install.android.step1'), drawing: <AndroidMenu /> },
          { text: t('install.android.step2'), drawing: <AndroidInstall /> },
        ];
  return (
    <section className="install-steps" aria-label={t(`install.${platform}.title`)}>
      <h3>{t(`install.${platform}.title`)}</h3>
      <ol>
        {steps.map((step) => (
          <li key={step.text}>
            {step.drawing}
            <span>{step.text}</span>
          </li>
        ))}
      </ol>
    </section>
  );
}

export function InstallSteps({ platform }: { platform: InstallPlatform }) {
  return (
    <div className="install-steps-group">
      {platform !== 'android' ? <Steps platform="ios" /> : null}
      {platform !== 'ios' ? <Steps platform="android" /> : null}
    </div>
  );
}
