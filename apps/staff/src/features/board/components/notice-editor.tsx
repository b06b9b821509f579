// The shop notice customers see on the shop page; empty clears it.
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '@jono/ui';
import { useErrorText } from '../../../components/ui/use-error-text';
import { useUpdateShop } from '../api/update-shop';

export function NoticeEditor({ notice }: { notice: string | null }) {
  const { t } = useTranslation();
  const toast = useToast();
  const errorText = useErrorText();
  const update = useUpdateShop();
  const [draft, setDraft] = useState(notice ?? '');
  const [editing, setEditing] = useState(false);
  const value = editing ? draft : (notice ?? '');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const text = draft.trim();
    update.mutate(
      { notice: text === '' ? null : text },
      {
        onSuccess: () => {
          setEditing(false);
          toast({ message: text === '' ? t('board.noticeCleared') : t('board.noticeSaved') });
        },
        onError: (error) => toast({ message: errorText(error), tone: 'error' }),
      },
    );
  };

  return (
    <form className="panel stack" onSubmit={submit}>
      <label htmlFor="shop-notice" className="panel__title">
        {t('board.notice')}
      </label>
      <textarea
        id="shop-notice"
        rows={2}
        maxLength={500}
        value={value}
        placeholder={t('board.noticePlaceholder')}
        onChange={(event) => {
          setEditing(true);
          setDraft(event.target.value);
        }}
      />
      <div className="row row--end">
        <button
          type="submit"
          className="button"
          disabled={!editing || update.isPending || draft.trim() === (notice ?? '')}
        >
          {t('board.noticeSave')}
        </button>
      </div>
    </form>
  );
}
