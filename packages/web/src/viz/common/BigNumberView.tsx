import { theme as antdTheme } from 'antd';
import type { EChartsCoreOption } from 'echarts/core';
import type { MouseEvent } from 'react';
import type { ChartHooks, DrawnProps } from '../types.ts';
import { Echart } from './Echart.tsx';
import { textWidth } from './textMeasure.ts';

/** What both Big Number types draw: a number, optional comparison and subheader, a trendline. */
export interface BigNumberProps extends DrawnProps {
  formattedNumber: string;
  /** e.g. `+12.3% over last year`; its sign colours it. */
  comparison: { text: string; positive: boolean } | null;
  subheader: string;
  timestamp: string;
  /** Share of the box height of the number and the subheader (Superset's font sizes). */
  headerFontSize: number;
  subheaderFontSize: number;
  trendline: EChartsCoreOption | null;
  color: string | undefined;
  theme: 'light' | 'dark';
  hooks: ChartHooks;
  testId: string;
}

/** Share of the width the text may take: glyphs may overhang their advance a little. */
const WIDTH_SHARE = 0.92;
/** Below this a small line wraps rather than shrinking further. */
const MIN_SMALL_FONT = 10;
const NUMBER_WEIGHT = 600;

/** Width of `text` at a 1 px font: a font size times it is the text's width. */
type WidthPerPx = (text: string, weight?: number) => number;

function widthPerPxIn(fontFamily: string | undefined): WidthPerPx {
  return (text, weight) => textWidth(text, 1, fontFamily, weight ?? 'normal');
}

/** The largest font that fits `text` on one line in `width`, capped by `share` of `height`. */
export function fittedFontSize(
  text: string,
  width: number,
  height: number,
  share: number,
  widthPerPx: WidthPerPx = widthPerPxIn(undefined),
): number {
  const byHeight = Math.max(10, height * share);
  const perPx = widthPerPx(text, NUMBER_WEIGHT);
  const byWidth = perPx > 0 ? (width * WIDTH_SHARE) / perPx : byHeight;
  return Math.max(1, Math.floor(Math.min(byHeight, byWidth)));
}

/** Line height of the smaller lines (timestamp, comparison, subheader); the number uses 1.1. */
const SMALL_LINE_HEIGHT = 1.25;

export interface BigNumberFontSizes {
  number: number;
  sub: number;
  timestamp: number;
  /** Height of the text block; the trendline gets the rest. */
  textHeight: number;
}

/**
 * A small line's font: its share of the height, shrunk to fit the width on one line, but never
 * below a readable size (the line then wraps, and `lines` says into how many).
 */
function smallLineFont(
  texts: string[],
  byHeight: number,
  budget: number,
  widthPerPx: WidthPerPx,
): { size: number; lines: number } {
  const perPx = Math.max(0, ...texts.map((t) => widthPerPx(t)));
  if (perPx === 0) return { size: byHeight, lines: 1 };
  const byWidth = budget / perPx;
  if (byWidth >= byHeight) return { size: byHeight, lines: 1 };
  const size = Math.max(byWidth, Math.min(byHeight, MIN_SMALL_FONT));
  return { size, lines: Math.ceil((perPx * size) / budget) };
}

/**
 * Font sizes of every line: each fits the width on one line (measured, as Superset scales the
 * number to its box), and all scale down together when the lines would not fit the text block
 * (a tall box with a trendline otherwise pushes the timestamp and comparison out of view).
 */
export function bigNumberFontSizes(
  props: Pick<
    BigNumberProps,
    | 'width'
    | 'height'
    | 'formattedNumber'
    | 'headerFontSize'
    | 'subheaderFontSize'
    | 'timestamp'
    | 'comparison'
    | 'subheader'
  > & { trendline: unknown },
  fontFamily?: string,
): BigNumberFontSizes {
  const { width, height } = props;
  const widthPerPx = widthPerPxIn(fontFamily);
  const textHeight = props.trendline ? height * 0.6 : height;
  const inner = Math.max(0, width - (props.trendline ? 32 : 0));
  const budget = inner * WIDTH_SHARE;
  let number = fittedFontSize(
    props.formattedNumber,
    inner,
    height,
    props.headerFontSize,
    widthPerPx,
  );
  const subTexts = [props.subheader, props.comparison?.text ?? ''].filter(Boolean);
  const sub = smallLineFont(
    subTexts,
    Math.max(10, height * props.subheaderFontSize * 0.6),
    budget,
    widthPerPx,
  );
  const stamp = smallLineFont(
    props.timestamp ? [props.timestamp] : [],
    sub.size * 0.8,
    budget,
    widthPerPx,
  );
  const subLines = (text: string) =>
    text ? Math.ceil((widthPerPx(text) * sub.size) / budget - 1e-9) || 1 : 0;
  const needed =
    number * 1.1 +
    (props.timestamp ? stamp.size * SMALL_LINE_HEIGHT * stamp.lines : 0) +
    (props.comparison ? sub.size * SMALL_LINE_HEIGHT * subLines(props.comparison.text) : 0) +
    (props.subheader ? sub.size * SMALL_LINE_HEIGHT * subLines(props.subheader) : 0);
  // Shrinking only narrows the lines, so they still fit the width.
  const scale = Math.min(1, (textHeight * 0.92) / needed);
  number *= scale;
  return {
    number: Math.max(1, Math.floor(number)),
    sub: Math.max(1, Math.floor(sub.size * scale)),
    timestamp: Math.max(1, Math.floor(stamp.size * scale)),
    textHeight,
  };
}

export function BigNumberView(props: BigNumberProps) {
  const { width, height, trendline, hooks } = props;
  const { token } = antdTheme.useToken();
  const sizes = bigNumberFontSizes(props, token.fontFamily);
  const textHeight = sizes.textHeight;
  // A small line wraps only when even the smallest readable font is too wide for it.
  const smallLineStyle = {
    lineHeight: SMALL_LINE_HEIGHT,
    maxWidth: '100%',
    overflowWrap: 'anywhere',
    textAlign: trendline ? 'left' : 'center',
  } as const;
  const onContextMenu = (event: MouseEvent) => {
    if (!hooks.onContextMenu) return;
    event.preventDefault();
    hooks.onContextMenu(event.clientX, event.clientY, []);
  };
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: right-click opens drill to detail; the chart menu is the keyboard path.
    <div
      style={{ width, height, display: 'flex', flexDirection: 'column', overflow: 'hidden' }}
      data-testid={props.testId}
      onContextMenu={onContextMenu}
    >
      <div
        style={{
          height: textHeight,
          display: 'flex',
          flexDirection: 'column',
          justifyContent: 'center',
          alignItems: trendline ? 'flex-start' : 'center',
          padding: trendline ? '0 16px' : 0,
          overflow: 'hidden',
        }}
      >
        {props.timestamp ? (
          <div
            style={{
              ...smallLineStyle,
              fontSize: sizes.timestamp,
              color: token.colorTextSecondary,
            }}
          >
            {props.timestamp}
          </div>
        ) : null}
        <div
          data-testid="big-number"
          style={{
            fontSize: sizes.number,
            fontWeight: NUMBER_WEIGHT,
            lineHeight: 1.1,
            whiteSpace: 'nowrap',
            color: props.color && trendline ? props.color : token.colorText,
          }}
        >
          {props.formattedNumber}
        </div>
        {props.comparison ? (
          <div
            data-testid="big-number-comparison"
            style={{
              ...smallLineStyle,
              fontSize: sizes.sub,
              color: props.comparison.positive ? token.colorSuccess : token.colorError,
            }}
          >
            {props.comparison.text}
          </div>
        ) : null}
        {props.subheader ? (
          <div
            data-testid="big-number-subheader"
            style={{
              ...smallLineStyle,
              fontSize: sizes.sub,
              color: token.colorTextSecondary,
            }}
          >
            {props.subheader}
          </div>
        ) : null}
      </div>
      {trendline ? (
        <Echart
          width={width}
          height={height - textHeight}
          option={trendline}
          theme={props.theme}
          testId="big-number-trendline"
        />
      ) : null}
    </div>
  );
}
