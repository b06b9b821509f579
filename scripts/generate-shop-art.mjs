// Writes the 12 fallback pictures of shops without a photo (apps/web/public/shop-art/shop-NN.svg):
// each its own barbershop motif, palette and background pattern, drawn as plain SVG so they weigh
// a kilobyte or two and stay sharp at every size; and the 4 storefronts the demo data uses as
// shop photos (server/public/media/shops/shop-N.svg), each a different street front.
// Run: node scripts/generate-shop-art.mjs
import { mkdirSync, writeFileSync } from 'node:fs';

const OUT = new URL('../apps/web/public/shop-art/', import.meta.url);

const PALETTES = [
  ['#1e4fa3', '#0f2a5c', '#f5f1e8', '#c8102e'],
  ['#0f6b5c', '#083a33', '#f3efe6', '#e0a84a'],
  ['#7a2e1f', '#3d140c', '#f6efe4', '#e3b04b'],
  ['#3f3a8c', '#1d1a4a', '#efeefb', '#f2a900'],
  ['#2f4f2f', '#152615', '#eef3ea', '#d9822b'],
  ['#8c1d40', '#45091d', '#fbeef2', '#f0c24b'],
  ['#1d5c7a', '#0b2d3d', '#eaf4f8', '#f07e3f'],
  ['#5a3e2b', '#2a1c12', '#f5ede4', '#7fb3a6'],
  ['#283a5b', '#111a2b', '#eef1f6', '#e85d75'],
  ['#6b4c9a', '#33214d', '#f3eefa', '#9ad1b5'],
  ['#155e63', '#07292b', '#e9f5f4', '#f6c453'],
  ['#a3461e', '#4d1d0a', '#fbf0e8', '#2f6f8f'],
];

const PATTERNS = [
  (c) =>
    `<pattern id="p" width="24" height="24" patternUnits="userSpaceOnUse"><circle cx="12" cy="12" r="2" fill="${c}"/></pattern>`,
  (c) =>
    `<pattern id="p" width="28" height="28" patternUnits="userSpaceOnUse" patternTransform="rotate(35)"><rect width="8" height="28" fill="${c}"/></pattern>`,
  (c) =>
    `<pattern id="p" width="40" height="20" patternUnits="userSpaceOnUse"><path d="M0 10q10-10 20 0t20 0" fill="none" stroke="${c}" stroke-width="2"/></pattern>`,
  (c) =>
    `<pattern id="p" width="32" height="32" patternUnits="userSpaceOnUse"><path d="M0 0h16v16H0zM16 16h16v16H16z" fill="${c}"/></pattern>`,
];

// Each motif is drawn in a 160x160 box; ink is the light colour, accent the bright one.
const MOTIFS = [
  // barber pole
  (ink, acc) =>
    `<rect x="58" y="10" width="44" height="140" rx="22" fill="${ink}"/><clipPath id="c"><rect x="58" y="10" width="44" height="140" rx="22"/></clipPath><g clip-path="url(#c)" fill="${acc}"><path d="M40 40l80-40v20l-80 40zM40 80l80-40v20l-80 40zM40 120l80-40v20l-80 40zM40 160l80-40v20l-80 40z"/></g><circle cx="80" cy="10" r="12" fill="${acc}"/><circle cx="80" cy="150" r="12" fill="${acc}"/>`,
  // scissors
  (ink, acc) =>
    `<g fill="none" stroke="${ink}" stroke-width="10" stroke-linecap="round"><circle cx="45" cy="120" r="22"/><circle cx="115" cy="120" r="22"/><path d="M58 102 120 15M102 102 40 15"/></g><circle cx="80" cy="70" r="7" fill="${acc}"/>`,
  // straight razor
  (ink, acc) =>
    `<path d="M20 95 120 40q22-8 22 14L60 110z" fill="${ink}"/><path d="M60 110l-16 34q-4 8-12 4l-4-2q-6-4-2-12l16-32z" fill="${acc}"/><circle cx="52" cy="112" r="5" fill="${ink}"/>`,
  // comb
  (ink, acc) =>
    `<rect x="15" y="40" width="130" height="28" rx="8" fill="${acc}"/><g fill="${ink}">${Array.from({ length: 12 }, (_, i) => `<rect x="${20 + i * 10.5}" y="66" width="6" height="${i < 6 ? 56 : 40}" rx="3"/>`).join('')}</g>`,
  // barber chair
  (ink, acc) =>
    `<g fill="${ink}"><rect x="45" y="10" width="70" height="70" rx="14"/><rect x="30" y="80" width="100" height="24" rx="10"/><rect x="74" y="104" width="12" height="34"/><rect x="40" y="136" width="80" height="10" rx="5"/></g><rect x="55" y="20" width="50" height="50" rx="10" fill="${acc}"/>`,
  // mirror with lamps
  (ink, acc) =>
    `<ellipse cx="80" cy="78" rx="48" ry="64" fill="none" stroke="${ink}" stroke-width="10"/><path d="M52 60q28-30 48-10" fill="none" stroke="${ink}" stroke-width="6" stroke-linecap="round" opacity=".6"/>${[18, 142].map((x) => `<circle cx="${x}" cy="40" r="9" fill="${acc}"/><circle cx="${x}" cy="78" r="9" fill="${acc}"/><circle cx="${x}" cy="116" r="9" fill="${acc}"/>`).join('')}`,
  // storefront with awning
  (ink, acc) =>
    `<rect x="15" y="55" width="130" height="95" fill="${ink}"/><path d="M10 30h140l-8 30H18z" fill="${acc}"/><g fill="${ink}">${Array.from({ length: 6 }, (_, i) => `<path d="M${18 + i * 22} 60q11 14 22 0z"/>`).join('')}</g><rect x="28" y="80" width="50" height="40" fill="${acc}" opacity=".35"/><rect x="95" y="80" width="36" height="70" fill="${acc}"/>`,
  // shaving brush
  (ink, acc) =>
    `<path d="M45 85q-10-70 35-75 45 5 35 75z" fill="${ink}"/><rect x="48" y="85" width="64" height="14" rx="4" fill="${acc}"/><path d="M56 99h48l-6 48H62z" fill="${acc}" opacity=".8"/>`,
  // hair clipper
  (ink, acc) =>
    `<rect x="50" y="40" width="60" height="112" rx="26" fill="${ink}"/><rect x="44" y="14" width="72" height="30" rx="6" fill="${acc}"/><g fill="${ink}">${Array.from({ length: 8 }, (_, i) => `<rect x="${48 + i * 8.5}" y="6" width="4" height="12"/>`).join('')}</g><rect x="72" y="70" width="16" height="30" rx="8" fill="${acc}"/>`,
  // moustache
  (ink, acc) =>
    `<path d="M80 80q-20-30-45-15-20 15-30 5 5 30 35 30 30-2 40-20 10 18 40 20 30 0 35-30-10 10-30-5-25-15-45 15z" fill="${ink}"/><circle cx="80" cy="40" r="10" fill="${acc}"/>`,
  // spray bottle
  (ink, acc) =>
    `<path d="M55 60h50l8 90H47z" fill="${ink}"/><rect x="66" y="34" width="28" height="26" fill="${acc}"/><path d="M66 34h40l10 8v8H94" fill="none" stroke="${acc}" stroke-width="8" stroke-linejoin="round"/><g fill="${ink}" opacity=".7"><circle cx="130" cy="30" r="4"/><circle cx="142" cy="42" r="3"/><circle cx="140" cy="22" r="3"/></g>`,
  // skyline with a pole in front
  (ink, acc) =>
    `<path d="M5 150V90h25V60h20v30h20V40h26v50h18V70h22v80z" fill="${ink}" opacity=".85"/><rect x="118" y="86" width="20" height="64" rx="10" fill="${ink}"/><clipPath id="c"><rect x="118" y="86" width="20" height="64" rx="10"/></clipPath><g clip-path="url(#c)" fill="${acc}"><path d="M110 100l36-18v8l-36 18zM110 120l36-18v8l-36 18zM110 140l36-18v8l-36 18z"/></g>`,
];

mkdirSync(OUT, { recursive: true });
for (let i = 0; i < 12; i++) {
  const [bg1, bg2, ink, acc] = PALETTES[i];
  const pattern = PATTERNS[i % PATTERNS.length](`${ink}`);
  const x = i % 2 === 0 ? 200 : 30;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 390 230" preserveAspectRatio="xMidYMid slice"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${bg1}"/><stop offset="1" stop-color="${bg2}"/></linearGradient>${pattern}</defs><rect width="390" height="230" fill="url(#g)"/><rect width="390" height="230" fill="url(#p)" opacity=".12"/><g transform="translate(${x} 35)">${MOTIFS[i](ink, acc)}</g></svg>\n`;
  writeFileSync(new URL(`shop-${String(i + 1).padStart(2, '0')}.svg`, OUT), svg);
}

// The demo "photos": a street front each (brick, timber, plaster, glass), 800x450.
const DEMO_OUT = new URL('../server/public/media/shops/', import.meta.url);
const FRONTS = [
  { sky: '#9cc3e6', wall: '#a44a3f', trim: '#f3ead8', awning: ['#1e4fa3', '#f3ead8'], brick: true },
  { sky: '#f2c6a0', wall: '#6b4a2f', trim: '#e9d8b4', awning: ['#2f6f4f', '#e9d8b4'], wood: true },
  { sky: '#bcd9d2', wall: '#e8e0cf', trim: '#34495e', awning: ['#c8102e', '#ffffff'] },
  { sky: '#2c3e63', wall: '#22303f', trim: '#d7e3ee', awning: ['#f2a900', '#22303f'], night: true },
];
mkdirSync(DEMO_OUT, { recursive: true });
FRONTS.forEach((f, i) => {
  const stripes = Array.from(
    { length: 14 },
    (_, k) =>
      `<rect x="${100 + k * 43}" y="110" width="43" height="50" fill="${f.awning[k % 2]}"/>`,
  ).join('');
  const texture = f.brick
    ? `<pattern id="t" width="40" height="20" patternUnits="userSpaceOnUse"><path d="M0 0h40v20H0z" fill="${f.wall}"/><path d="M0 10h40M20 0v10M0 10v10M40 10v10" stroke="#00000033" stroke-width="2"/></pattern>`
    : f.wood
      ? `<pattern id="t" width="24" height="450" patternUnits="userSpaceOnUse"><rect width="24" height="450" fill="${f.wall}"/><path d="M0 0v450" stroke="#00000040" stroke-width="3"/></pattern>`
      : `<pattern id="t" width="10" height="10" patternUnits="userSpaceOnUse"><rect width="10" height="10" fill="${f.wall}"/></pattern>`;
  const glow = f.night
    ? '<rect x="150" y="190" width="260" height="170" fill="#ffd77a" opacity=".85"/>'
    : '';
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 800 450"><defs>${texture}</defs><rect width="800" height="450" fill="${f.sky}"/>${f.night ? '<circle cx="690" cy="60" r="26" fill="#f3ead8"/>' : '<circle cx="700" cy="70" r="34" fill="#fff6d0" opacity=".8"/>'}<rect x="80" y="40" width="640" height="410" fill="url(#t)"/><rect x="80" y="40" width="640" height="60" fill="${f.trim}"/><text x="400" y="84" font-family="sans-serif" font-size="38" font-weight="800" letter-spacing="6" text-anchor="middle" fill="${f.wall}">JONO</text>${stripes}<path d="M100 160q21.5 16 43 0${'t43 0'.repeat(13)}" fill="${f.awning[0]}"/><rect x="140" y="180" width="280" height="190" fill="${f.trim}"/><rect x="150" y="190" width="260" height="170" fill="#7fa7c9"/>${glow}<path d="M170 200l60 0-80 80z" fill="#ffffff55"/><rect x="470" y="180" width="120" height="270" fill="${f.trim}"/><rect x="480" y="190" width="100" height="260" fill="${f.awning[0]}"/><circle cx="565" cy="320" r="6" fill="${f.trim}"/><rect x="630" y="190" width="28" height="120" rx="14" fill="#fff"/><g fill="#c8102e"><path d="M630 215l28-14v10l-28 14zM630 250l28-14v10l-28 14zM630 285l28-14v10l-28 14z"/></g><rect x="0" y="430" width="800" height="20" fill="#00000030"/></svg>\n`;
  writeFileSync(new URL(`shop-${i + 1}.svg`, DEMO_OUT), svg);
});
