import { BarChart, HeatmapChart, LineChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent, VisualMapComponent } from 'echarts/components';
import { init, registerLocale, use as registerChartParts, type ComposeOption } from 'echarts/core';
import langJA from 'echarts/i18n/langJA-obj.js';
import type { BarSeriesOption, HeatmapSeriesOption, LineSeriesOption } from 'echarts/charts';
import type {
  GridComponentOption,
  LegendComponentOption,
  TooltipComponentOption,
  VisualMapComponentOption,
} from 'echarts/components';
import { SVGRenderer } from 'echarts/renderers';
import { useEffect, useRef } from 'react';

// Only what the analysis screens draw: the chart library is in their chunks alone, never in /login's.
registerLocale('JA', langJA);
registerChartParts([
  BarChart,
  LineChart,
  HeatmapChart,
  GridComponent,
  LegendComponent,
  TooltipComponent,
  VisualMapComponent,
  SVGRenderer,
]);

export type ChartOption = ComposeOption<
  | BarSeriesOption
  | LineSeriesOption
  | HeatmapSeriesOption
  | GridComponentOption
  | LegendComponentOption
  | TooltipComponentOption
  | VisualMapComponentOption
>;

/** Japanese type for every chart: the project's CJK font stack. */
const TEXT_STYLE = {
  fontFamily: "'Noto Sans JP', 'Noto Sans CJK JP', 'Hiragino Sans', 'Meiryo', sans-serif",
};

/** An ECharts chart (SVG) that follows its option and its container's width. */
export function EChart({ option, height, label }: { option: ChartOption; height: number; label: string }) {
  const element = useRef<HTMLDivElement>(null);
  const chart = useRef<ReturnType<typeof init> | null>(null);

  useEffect(() => {
    const target = element.current;
    if (!target) return;
    const instance = init(target, undefined, { renderer: 'svg', locale: 'JA' });
    chart.current = instance;
    const resize = new ResizeObserver(() => instance.resize());
    resize.observe(target);
    return () => {
      resize.disconnect();
      instance.dispose();
      chart.current = null;
    };
  }, []);

  useEffect(() => {
    chart.current?.setOption({ textStyle: TEXT_STYLE, ...option }, { notMerge: true });
  }, [option]);

  return <div ref={element} role="img" aria-label={label} style={{ width: '100%', height }} />;
}
