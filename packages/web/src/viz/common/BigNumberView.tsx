import { theme as antdTheme } from 'antd';
import type { EChartsCoreOption } from 'echarts/core';
import type { MouseEvent } from 'react';
import type { ChartHooks, DrawnProps } from '../types.ts';
import { Echart } from './Echart.tsx';

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

const CHAR_WIDTH = 0.6;

/** The largest font that fits `text` in `width`, capped by `share` of `height`. */
export function fittedFontSize(text: string, width: number, height: number, share: number): number {
  const byHeight = Math.max(10, height * share);
  const byWidth = (width * 0.92) / Math.max(1, text.length * CHAR_WIDTH);
  return Math.floor(Math.min(byHeight, byWidth));
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
 * Font sizes of every line, scaled down together when the lines would not fit the text block
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
): BigNumberFontSizes {
  const { width, height } = props;
  const textHeight = props.trendline ? height * 0.6 : height;
  const padding = props.trendline ? 32 : 0;
  let number = fittedFontSize(props.formattedNumber, width - padding, height, props.headerFontSize);
  let sub = Math.max(10, height * props.subheaderFontSize * 0.6);
  let timestamp = sub * 0.8;
  const needed =
    number * 1.1 +
    (props.timestamp ? timestamp * SMALL_LINE_HEIGHT : 0) +
    (props.comparison ? sub * SMALL_LINE_HEIGHT : 0) +
    (props.subheader ? sub * SMALL_LINE_HEIGHT : 0);
  const scale = Math.min(1, (textHeight * 0.92) / needed);
  number *= scale;
  sub *= scale;
  timestamp *= scale;
  return {
    number: Math.floor(number),
    sub: Math.floor(sub),
    timestamp: Math.floor(timestamp),
    textHeight,
  };
}

export function BigNumberView(props: BigNumberProps) {
  const { width, height, trendline, hooks } = props;
  const { token } = antdTheme.useToken();
  const sizes = bigNumberFontSizes(props);
  const textHeight = sizes.textHeight;
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
              fontSize: sizes.timestamp,
              lineHeight: SMALL_LINE_HEIGHT,
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
            fontWeight: 600,
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
              fontSize: sizes.sub,
              lineHeight: SMALL_LINE_HEIGHT,
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
              fontSize: sizes.sub,
              lineHeight: SMALL_LINE_HEIGHT,
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
