import dayjs from 'dayjs';
import 'dayjs/locale/ja';

// Japanese month and weekday names wherever a date is shown. Set here, by the screens that show
// dates, rather than by the app's root: the login page then does not download dayjs.
dayjs.locale('ja');

export { dayjs };
export type { Dayjs } from 'dayjs';
