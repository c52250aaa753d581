import QRCode from 'qrcode';

import { escapeHtml, longDate } from '../rendering/html';

export interface CertificateFacts {
  code: string;
  country: string;
  period: string;
  issuedAt: string;
  verifyUrl: string;
}

/**
 * The foot of every page of a certified scorecard: certification, issue date, period,
 * verification code, where to verify, and a QR code of that address.
 */
export async function certificateFooter(facts: CertificateFacts): Promise<string> {
  const qr = await QRCode.toString(facts.verifyUrl, { type: 'svg', margin: 0, errorCorrectionLevel: 'M' });
  const sizedQr = qr.replace('<svg ', '<svg width="22mm" height="22mm" ');
  return `<div style="width:100%;margin:0 12mm;font-family:'DejaVu Sans',Arial,sans-serif;font-size:8pt;color:#1b1f24;font-variant-ligatures:none;display:flex;align-items:center;gap:4mm;border-top:0.3mm solid #0b3a60;padding-top:2mm;-webkit-print-color-adjust:exact;">
  <div style="flex:none;">${sizedQr}</div>
  <div style="flex:1;line-height:1.45;">
    <div style="font-weight:700;color:#0b3a60;">Certified for transaction &mdash; ${escapeHtml(facts.country)}</div>
    <div>Issued ${escapeHtml(longDate(facts.issuedAt))} &middot; Period ${escapeHtml(facts.period)}</div>
    <div>Verification code <b style="letter-spacing:0.5pt;">${escapeHtml(facts.code)}</b> &middot; verify at ${escapeHtml(facts.verifyUrl)}</div>
  </div>
  <div style="flex:none;text-align:right;">Page <span class="pageNumber"></span> of <span class="totalPages"></span></div>
</div>`;
}
