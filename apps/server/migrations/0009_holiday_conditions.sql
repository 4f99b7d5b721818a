-- Business hours for a Japanese office (issue 17): a 'holiday' condition covers Japan's public holidays
-- (from the @holiday-jp/holiday_jp package, not stored) and the tenant's own closed days listed on it.
-- Yearly ranges across months or the new year ('12-1' / '29-3') and nights past midnight ('22:00-06:00')
-- fit the existing text columns and need no change here.
ALTER TABLE time_conditions DROP CONSTRAINT time_conditions_time_condition_type_check;
ALTER TABLE time_conditions ADD CONSTRAINT time_conditions_time_condition_type_check
  CHECK (time_condition_type IN ('anti', 'wtime', 'mday', 'date-time', 'holiday'));
-- holiday: [{"name": "創立記念日", "date": "06-15"}, {"name": "棚卸し", "date": "2027-03-31"}]
-- ('MM-DD' every year, 'YYYY-MM-DD' once); '[]' on every other type.
ALTER TABLE time_conditions ADD COLUMN time_condition_closed_days jsonb NOT NULL DEFAULT '[]';
