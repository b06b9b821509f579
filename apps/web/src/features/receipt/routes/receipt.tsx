// /receipt: the customer's receipts with shop, date and time, rows, total and the VAT line.
import { useTranslation } from '../../../lib/use-translation';
import { INTL_LOCALE, type Receipt } from '@jono/contract';
import { Loader } from '../../../components/ui/loader';
import { formatDateTime, formatPrice } from '../../../lib/format';
import { useLocale } from '../../../lib/locale-store';
import { paths } from '../../../lib/paths';
import { ScreenHeader } from '../../account/components/screen-header';
import { useReceipts } from '../api/receipts';
import { receiptTotal, receiptVat } from '../utils/receipt-vat';
import '../../account/account.css';

function ReceiptCard({ receipt }: { receipt: Receipt }) {
  const { t } = useTranslation('profile');
  const locale = useLocale();
  const vat = receiptVat(receipt.rows);
  const money = (cents: number) => formatPrice(cents, locale);
  return (
    <article className="receipt-card" aria-labelledby={`receipt-${receipt.id}`}>
      <header>
        <h2 id={`receipt-${receipt.id}`}>{receipt.pob.name}</h2>
        <p className="receipt-card__meta">{`${receipt.pob.address}, ${receipt.pob.city}`}</p>
        <p className="receipt-card__meta">
          {t('receipts.number', { id: receipt.id })}
          {' · '}
          <time dateTime={receipt.created}>{formatDateTime(receipt.created, locale)}</time>
        </p>
      </header>
      <table className="receipt-card__rows">
        <thead>
          <tr>
            <th scope="col">{t('receipts.item')}</th>
            <th scope="col">{t('receipts.amount')}</th>
            <th scope="col">{t('receipts.price')}</th>
          </tr>
        </thead>
        <tbody>
          {receipt.rows.map((row, index) => (
            <tr key={`${row.name}-${index}`}>
              <td>{row.name}</td>
              <td>{row.amount}</td>
              <td>{money(row.price * row.amount)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" colSpan={2}>
              {t('receipts.total')}
            </th>
            <td>{money(receiptTotal(receipt.rows))}</td>
          </tr>
          <tr>
            <th scope="row" colSpan={2}>
              {vat.kind === 'percent'
                ? t('receipts.vatPercent', {
                    percent: new Intl.NumberFormat(INTL_LOCALE[locale], {
                      maximumFractionDigits: 2,
                    }).format(vat.percent),
                  })
                : t('receipts.vat')}
            </th>
            <td>{money(vat.amount)}</td>
          </tr>
        </tfoot>
      </table>
    </article>
  );
}

export function ReceiptRoute() {
  const { t } = useTranslation('profile');
  const receipts = useReceipts();
  const items = [...(receipts.data?.items ?? [])].sort((a, b) =>
    b.created.localeCompare(a.created),
  );
  return (
    <main className="screen account-screen">
      <ScreenHeader title={t('receipts.title')} fallback={paths.profile.href()} />
      {receipts.isPending ? <Loader /> : null}
      {receipts.isError ? (
        <p className="form__error" role="alert">
          {t('loadError')}
        </p>
      ) : null}
      {receipts.data && items.length === 0 ? (
        <p className="empty-state">{t('receipts.empty')}</p>
      ) : null}
      {items.map((receipt) => (
        <ReceiptCard key={receipt.id} receipt={receipt} />
      ))}
    </main>
  );
}
