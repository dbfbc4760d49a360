import { CenterPopup } from 'antd-mobile';
import { useMemo, useState } from 'react';
import { encode } from 'uqr';

/** The dark modules of a QR code as one SVG path (one unit per module). */
export function qrPath(text: string): { path: string; size: number } {
  const { data, size } = encode(text, { ecc: 'M', border: 0 });
  let path = '';
  data.forEach((row, y) => {
    row.forEach((dark, x) => {
      if (dark) path += `M${x} ${y}h1v1h-1z`;
    });
  });
  return { path, size };
}

/** The code in groups of four characters. */
export const codeGroups = (code: string) => code.match(/.{1,4}/g) ?? [];

/** A QR code drawn as SVG, with its quiet zone; scales to its box. */
export function QrCode({ text, label }: { text: string; label: string }) {
  const { path, size } = useMemo(() => qrPath(text), [text]);
  const quiet = 2;
  const box = size + quiet * 2;
  return (
    <svg
      className="checkin-qr"
      viewBox={`${-quiet} ${-quiet} ${box} ${box}`}
      role="img"
      aria-label={label}
      shapeRendering="crispEdges"
    >
      <rect x={-quiet} y={-quiet} width={box} height={box} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}

/**
 * 签到码: a button that opens the application's QR code, large, with the code as text (the
 * organiser's staff scan it, or type the code, at the door).
 */
export function CheckinCodeButton({ code, title }: { code: string; title: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        className="link-button primary"
        onClick={() => setOpen(true)}
        aria-label={`签到码：${title}`}
      >
        <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
          <path
            d="M4 4h6v6H4zM14 4h6v6h-6zM4 14h6v6H4zM14 14h2v2h-2zM18 18h2v2h-2zM14 18h2M18 14h2"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.8"
            strokeLinejoin="round"
          />
        </svg>
        签到码
      </button>
      <CenterPopup
        style={{ '--max-width': 'min(94vw, 420px)' }}
        visible={open}
        onClose={() => setOpen(false)}
        onMaskClick={() => setOpen(false)}
        destroyOnClose
        role="dialog"
        aria-label="签到码"
      >
        <div className="checkin-sheet">
          <h2 className="checkin-title">签到码</h2>
          <p className="checkin-activity">{title}</p>
          <QrCode text={code} label={`签到二维码：${code}`} />
          {/* In groups of four for reading out or typing; the text is the code itself. */}
          <p className="checkin-code">
            {codeGroups(code).map((group, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the groups are fixed slices of the code
              <span key={index}>{group}</span>
            ))}
          </p>
          <p className="checkin-hint">请在活动现场向工作人员出示此二维码</p>
          <button type="button" className="link-button block" onClick={() => setOpen(false)}>
            关闭
          </button>
        </div>
      </CenterPopup>
    </>
  );
}
