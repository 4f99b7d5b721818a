export * from './schema';
export * from './messages';
export * from './validate';
export * from './form';
export * from './evaluate';
export * from './chart';
export * from './format';
export { DEFAULT_TIME_ZONE, isTimeZone, todayIn, zoneClock, type ZoneClock } from './zone';
export {
  formatDateTimeRange,
  formatTimeOfDay,
  crossesNewYear,
  formatYearlyDays,
  parseClosedDate,
  parseDateTimeRange,
  parseTimeOfDay,
  parseYearlyDays,
  type ClosedDate,
  type DateTimeRange,
  type TimeOfDay,
  type YearlyDays,
} from './fields';
export { HOLIDAY_DATA_YEARS, nationalHolidayDates, nationalHolidayOn } from './holidays';
export * from './try-call';
