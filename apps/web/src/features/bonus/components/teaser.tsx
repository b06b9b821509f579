// The bonus teaser (FI): header, the campaign benefit card (with a picture in FI), an email form
// with marketing consent until both are given, then a success state; info on benefits and terms.
import { Link } from '../../../components/ui/link';
import { useTranslation } from '../../../lib/use-translation';
import type { Locale, Profile } from '@jono/contract';
import { paths } from '../../../lib/paths';
import { EmailForm } from '../../account/components/email-form';
import { useUpdateProfile } from '../../profile/api/update-profile';

function CampaignPicture() {
  return (
    <svg className="teaser-card__picture" viewBox="0 0 160 90" aria-hidden="true" focusable="false">
      <rect width="160" height="90" rx="10" fill="#1f4e9c" />
      <circle cx="128" cy="22" r="34" fill="#f2a900" opacity="0.9" />
      <g stroke="#fff" strokeWidth="5" strokeLinecap="round" fill="none">
        <circle cx="40" cy="62" r="9" />
        <circle cx="62" cy="62" r="9" />
        <path d="M46 55l34-34M56 55l-30-34" />
      </g>
      <path d="M100 58l8 8 16-18" stroke="#fff" strokeWidth="6" fill="none" strokeLinecap="round" />
    </svg>
  );
}

export function Teaser({ profile, locale }: { profile: Profile; locale: Locale }) {
  const { t, i18n } = useTranslation('bonus');
  const update = useUpdateProfile();
  const joined = Boolean(profile.email) && profile.allow_email;
  const infoBlocks = (['benefits', 'terms'] as const).filter(
    (block) =>
      i18n.exists(`bonus:teaser.${block}.title`) && i18n.exists(`bonus:teaser.${block}.text`),
  );
  return (
    <>
      <header className="teaser-header">
        <h2>{t('teaser.title')}</h2>
        <p>{t('teaser.intro')}</p>
      </header>
      <article className="teaser-card">
        {locale === 'FI' ? <CampaignPicture /> : null}
        <h3>{t('teaser.campaignTitle')}</h3>
        <p>{t('teaser.campaignText')}</p>
      </article>
      {joined ? (
        <section className="notice notice--success" aria-labelledby="teaser-success">
          <h3 id="teaser-success">{t('teaser.successTitle')}</h3>
          <p>{t('teaser.successText')}</p>
          <Link
            className="button button--secondary account-notice__button"
            to={paths.profileEmail.href()}
          >
            {t('teaser.editEmail')}
          </Link>
        </section>
      ) : (
        <section aria-labelledby="teaser-join">
          <h3 id="teaser-join">{t('teaser.joinTitle')}</h3>
          <EmailForm
            initialEmail={profile.email ?? ''}
            label={t('teaser.emailLabel')}
            placeholder={t('teaser.emailPlaceholder')}
            errorText={t('bonus.emailError')}
            consentLabel={t('teaser.consent')}
            saveLabel={t('teaser.join')}
            savedText={t('teaser.successTitle')}
            failedText={t('teaser.failed')}
            onSave={(email, consent) => update.mutateAsync({ email, allow_email: consent })}
          />
        </section>
      )}
      {infoBlocks.map((block) => (
        <section key={block} className="welcome-block">
          <h3>{t(`teaser.${block}.title`)}</h3>
          <p>{t(`teaser.${block}.text`)}</p>
        </section>
      ))}
    </>
  );
}
