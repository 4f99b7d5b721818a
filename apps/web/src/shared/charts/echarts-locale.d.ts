// ECharts ships its locales as plain modules without types.
declare module 'echarts/i18n/langJA-obj.js' {
  const lang: Parameters<typeof import('echarts/core').registerLocale>[1];
  export default lang;
}
