import { analogous } from './colorMath.ts';
import { getCategoricalScheme } from './schemes.ts';

export const DEFAULT_NAMESPACE = 'GLOBAL';

export interface CategoricalScaleOptions {
  scheme?: string | null;
  namespace?: string;
  /** Colours that win over the scheme (a dashboard's `label_colors`). */
  forcedColors?: Record<string, string>;
  /** The chart asking; collision avoidance works within one chart. */
  sliceId?: number;
  /** USE_ANALOGOUS_COLORS: an exhausted scheme goes on with shifted colours instead of repeating. */
  analogous?: boolean;
  /** AVOID_COLORS_COLLISION: a new label skips colours its chart already uses. */
  avoidCollision?: boolean;
}

const normalize = (color: string) => color.toLowerCase();

/**
 * Colours by label for every chart of one namespace (a dashboard, or Explore's global one): a
 * label keeps the colour it was first given for a scheme, so it matches across charts.
 */
export class CategoricalColorNamespace {
  readonly name: string;
  private readonly forced = new Map<string, string>();
  private readonly labelsByScheme = new Map<string, Map<string, string>>();
  private readonly usedBySlice = new Map<string, Map<string, string>>();

  constructor(name: string) {
    this.name = name;
  }

  /** Forces a label's colour in every chart of this namespace (null lifts it). */
  setColor(label: string, color: string | null): void {
    if (color === null) this.forced.delete(label);
    else this.forced.set(label, color);
  }

  /** The label colours given so far for a scheme: what a dashboard saves as shared colours. */
  getLabelColors(scheme?: string | null): Record<string, string> {
    const id = getCategoricalScheme(scheme).id;
    return Object.fromEntries(this.labelsByScheme.get(id) ?? []);
  }

  /** The labels each chart has coloured so far for a scheme, by chart id (a dashboard's shared labels). */
  getSliceLabels(scheme?: string | null): Record<string, string[]> {
    const id = getCategoricalScheme(scheme).id;
    const out: Record<string, string[]> = {};
    for (const [key, used] of this.usedBySlice) {
      const cut = key.lastIndexOf('|');
      const slice = key.slice(cut + 1);
      if (key.slice(0, cut) !== id || slice === '') continue;
      out[slice] = [...used.keys()];
    }
    return out;
  }

  /** Forgets given colours (a colour-scheme change on a dashboard); forced colours stay. */
  resetColors(): void {
    this.labelsByScheme.clear();
    this.usedBySlice.clear();
  }

  getScale(options: Omit<CategoricalScaleOptions, 'namespace'> = {}): (label: string) => string {
    const scheme = getCategoricalScheme(options.scheme);
    let labels = this.labelsByScheme.get(scheme.id);
    if (!labels) {
      labels = new Map();
      this.labelsByScheme.set(scheme.id, labels);
    }
    const sliceKey = `${scheme.id}|${options.sliceId ?? ''}`;
    let sliceUsed = this.usedBySlice.get(sliceKey);
    if (!sliceUsed) {
      sliceUsed = new Map();
      this.usedBySlice.set(sliceKey, sliceUsed);
    }
    const shared = labels;
    const used = sliceUsed;
    const base = scheme.colors;

    const colorAt = (index: number): string => {
      const round = Math.floor(index / base.length);
      const color = base[index % base.length] as string;
      return options.analogous && round > 0 ? analogous(color, round) : color;
    };

    const pickNew = (): string => {
      const next = shared.size;
      if (!options.avoidCollision) return colorAt(next);
      const taken = new Set([...used.values()].map(normalize));
      // Look one full palette ahead for a colour this chart does not show yet.
      const span = options.analogous ? Math.max(base.length, next + 1) : base.length;
      for (let offset = 0; offset < span; offset += 1) {
        const candidate = colorAt(
          options.analogous ? next + offset : (next + offset) % base.length,
        );
        if (!taken.has(normalize(candidate))) return candidate;
      }
      return colorAt(next);
    };

    return (label: string) => {
      const key = String(label);
      const forced = options.forcedColors?.[key] ?? this.forced.get(key);
      let color = forced ?? shared.get(key);
      if (color === undefined) {
        color = pickNew();
        shared.set(key, color);
      }
      used.set(key, color);
      return color;
    };
  }
}

const namespaces = new Map<string, CategoricalColorNamespace>();

export function getNamespace(name: string = DEFAULT_NAMESPACE): CategoricalColorNamespace {
  let namespace = namespaces.get(name);
  if (!namespace) {
    namespace = new CategoricalColorNamespace(name);
    namespaces.set(name, namespace);
  }
  return namespace;
}

export function getCategoricalScale(options: CategoricalScaleOptions): (label: string) => string {
  const { namespace, ...rest } = options;
  return getNamespace(namespace).getScale(rest);
}
