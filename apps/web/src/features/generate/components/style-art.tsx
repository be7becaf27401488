// Preview art for a style under a model (spec: "each style has a preview image that varies by model").
// No artwork ships with the product, so each tile is drawn: the model sets the palette and texture,
// the style sets an abstract pose glyph (rounded figures in the preset's arrangement; the second
// variant of a pose is mirrored). Deterministic and tasteful: shapes, no depictions.
import { useId, type ReactElement } from 'react';
import { STYLES, type Style, type StylePreviewModel } from '@velvet/contracts/options';

interface Palette {
  from: string;
  to: string;
  glow: string;
  figure: string;
  edge: string;
  texture: 'bokeh' | 'halftone' | 'flat' | 'sparkle' | 'specular';
}

const PALETTES: Record<StylePreviewModel, Palette> = {
  Realistic: { from: '#2b1520', to: '#b65f5c', glow: '#ffc9a9', figure: '#1b0c12', edge: '#ffd9c4', texture: 'bokeh' },
  Manga: { from: '#f4f0e6', to: '#c9c1b0', glow: '#ffffff', figure: '#15131b', edge: '#15131b', texture: 'halftone' },
  Animation: { from: '#39b3ee', to: '#f17ab7', glow: '#fff2a8', figure: '#fdf7ff', edge: '#2a1a48', texture: 'flat' },
  'Hyper Anime': {
    from: '#120830',
    to: '#8a2be2',
    glow: '#ff4fa3',
    figure: '#0d0624',
    edge: '#ff9ad5',
    texture: 'sparkle',
  },
  'Real CG': {
    from: '#0b2128',
    to: '#3b9d9a',
    glow: '#b9fff5',
    figure: '#071417',
    edge: '#d4fff9',
    texture: 'specular',
  },
};

/** One rounded figure: head at (x, y), body along `angle` (0 = upright, body below the head). */
interface Figure {
  x: number;
  y: number;
  angle: number;
  scale: number;
  /** Body length (default 46). */
  length?: number;
}

type Pose = Figure[];

const POSES: Record<string, Pose> = {
  oral: [
    { x: 78, y: 36, angle: 0, scale: 1.05 },
    { x: 44, y: 86, angle: 12, scale: 0.86, length: 34 },
  ],
  cowgirl: [
    { x: 24, y: 118, angle: -90, scale: 0.95, length: 58 },
    { x: 66, y: 58, angle: -6, scale: 0.95, length: 40 },
  ],
  doggy: [
    { x: 28, y: 96, angle: -100, scale: 0.92, length: 50 },
    { x: 96, y: 56, angle: 4, scale: 0.95, length: 40 },
  ],
  hand: [
    { x: 30, y: 66, angle: -58, scale: 0.95, length: 56 },
    { x: 90, y: 56, angle: 0, scale: 0.88, length: 40 },
  ],
  missionary: [
    { x: 22, y: 120, angle: -90, scale: 0.95, length: 60 },
    { x: 34, y: 94, angle: -84, scale: 0.95, length: 56 },
  ],
  chest: [
    { x: 86, y: 50, angle: 28, scale: 1, length: 52 },
    { x: 46, y: 74, angle: -4, scale: 0.88, length: 36 },
  ],
};

const STYLE_POSES: Record<Style, { pose: keyof typeof POSES | null; mirrored: boolean }> = {
  Free: { pose: null, mirrored: false },
  Blowjob: { pose: 'oral', mirrored: false },
  'Cowgirl Anal': { pose: 'cowgirl', mirrored: false },
  'Cowgirl Pussy': { pose: 'cowgirl', mirrored: true },
  'Doggying Anal': { pose: 'doggy', mirrored: false },
  'Doggying Pussy': { pose: 'doggy', mirrored: true },
  Handjob: { pose: 'hand', mirrored: false },
  'Missionary Anal': { pose: 'missionary', mirrored: false },
  'Missionary Pussy': { pose: 'missionary', mirrored: true },
  Titjob: { pose: 'chest', mirrored: false },
};

const W = 120;
const H = 150;

function sparkle(x: number, y: number, r: number, fill: string, opacity = 1): ReactElement {
  const k = r * 0.28;
  return (
    <path
      key={`${x}-${y}-${r}`}
      d={`M${x} ${y - r} L${x + k} ${y - k} L${x + r} ${y} L${x + k} ${y + k} L${x} ${y + r} L${x - k} ${y + k} L${x - r} ${y} L${x - k} ${y - k} Z`}
      fill={fill}
      opacity={opacity}
    />
  );
}

function texture(palette: Palette, id: string, seed: number): ReactElement {
  const jitter = (n: number) => ((seed * 37 + n * 53) % 100) / 100;
  switch (palette.texture) {
    case 'bokeh':
      return (
        <g opacity="0.55">
          {[0, 1, 2, 3, 4, 5].map((n) => (
            <circle
              key={n}
              cx={10 + jitter(n) * 100}
              cy={8 + jitter(n + 7) * 70}
              r={5 + jitter(n + 3) * 12}
              fill={palette.glow}
              opacity={0.12 + jitter(n + 5) * 0.25}
            />
          ))}
        </g>
      );
    case 'halftone':
      return <rect width={W} height={H} fill={`url(#${id}-dots)`} opacity="0.5" />;
    case 'flat':
      return (
        <g>
          <circle cx={92 - jitter(1) * 20} cy={30} r={22} fill={palette.glow} opacity="0.85" />
          <path d={`M0 ${H - 26} Q ${W / 2} ${H - 44} ${W} ${H - 22} V ${H} H 0 Z`} fill="#ffffff" opacity="0.22" />
        </g>
      );
    case 'sparkle':
      return (
        <g>
          {[0, 1, 2, 3, 4].map((n) =>
            sparkle(12 + jitter(n) * 96, 10 + jitter(n + 4) * 60, 3 + jitter(n + 2) * 5, '#ffffff', 0.8),
          )}
        </g>
      );
    case 'specular':
      return (
        <g stroke={palette.edge} strokeOpacity="0.16" strokeWidth="0.8">
          {[0, 1, 2, 3, 4, 5].map((n) => (
            <line key={`h${n}`} x1="0" y1={104 + n * 9} x2={W} y2={104 + n * 9} />
          ))}
          {[-3, -2, -1, 0, 1, 2, 3].map((n) => (
            <line key={`v${n}`} x1={W / 2 + n * 14} y1="100" x2={W / 2 + n * 40} y2={H} />
          ))}
        </g>
      );
  }
}

function figure(f: Figure, palette: Palette, key: number): ReactElement {
  const length = f.length ?? 46;
  return (
    <g key={key} transform={`translate(${f.x} ${f.y}) rotate(${f.angle}) scale(${f.scale})`}>
      <rect
        x={-11}
        y={12}
        width={22}
        height={length}
        rx={11}
        fill={palette.figure}
        stroke={palette.edge}
        strokeOpacity="0.7"
        strokeWidth="1.6"
      />
      <circle cx={0} cy={0} r={9.5} fill={palette.figure} stroke={palette.edge} strokeOpacity="0.7" strokeWidth="1.6" />
    </g>
  );
}

export interface StyleArtProps {
  model: StylePreviewModel;
  style: Style;
  className?: string;
}

export function StyleArt({ model, style, className }: StyleArtProps) {
  const id = `sa${useId().replace(/[^A-Za-z0-9_-]/g, '')}`;
  const palette = PALETTES[model];
  const { pose, mirrored } = STYLE_POSES[style];
  const seed = STYLES.indexOf(style) + 1;
  return (
    <svg
      className={className}
      viewBox={`0 0 ${W} ${H}`}
      preserveAspectRatio="xMidYMid slice"
      aria-hidden="true"
      focusable="false"
      data-model={model}
      data-style={style}
    >
      <defs>
        <linearGradient id={`${id}-bg`} x1="0" y1="0" x2={mirrored ? 0 : 1} y2="1">
          <stop offset="0" stopColor={palette.from} />
          <stop offset="1" stopColor={palette.to} />
        </linearGradient>
        <radialGradient id={`${id}-glow`} cx={mirrored ? 0.35 : 0.65} cy="0.42" r="0.62">
          <stop offset="0" stopColor={palette.glow} stopOpacity="0.55" />
          <stop offset="1" stopColor={palette.glow} stopOpacity="0" />
        </radialGradient>
        <pattern id={`${id}-dots`} width="6" height="6" patternUnits="userSpaceOnUse">
          <circle cx="3" cy="3" r="1.1" fill="#15131b" />
        </pattern>
      </defs>
      <rect width={W} height={H} fill={`url(#${id}-bg)`} />
      <rect width={W} height={H} fill={`url(#${id}-glow)`} />
      {texture(palette, id, seed)}
      <ellipse cx={W / 2} cy={H - 12} rx={46} ry={6} fill="#000" opacity="0.22" />
      {pose ? (
        <g transform={mirrored ? `translate(${W} 0) scale(-1 1)` : undefined}>
          {POSES[pose]!.map((f, i) => figure(f, palette, i))}
        </g>
      ) : (
        <g>
          {sparkle(W / 2, H / 2 - 8, 30, palette.edge, 0.92)}
          {sparkle(W / 2 + 30, H / 2 - 38, 9, palette.glow, 0.9)}
          {sparkle(W / 2 - 30, H / 2 + 22, 7, palette.glow, 0.8)}
        </g>
      )}
    </svg>
  );
}

/** The model's colours as a CSS gradient, for small swatches. */
export function modelGradient(model: StylePreviewModel): string {
  const palette = PALETTES[model];
  return `linear-gradient(135deg, ${palette.from} 0%, ${palette.to} 100%)`;
}
