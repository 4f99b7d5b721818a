-- Call history pages by keyset (issue 16): a page is read from the row after (or before) a page the
-- client holds, by the row comparison (start_stamp, cdr_uuid) > (…) or < (…). For the index to answer
-- that comparison, both columns run the same way (newest first is the index walked backwards).
DROP INDEX cdrs_history_idx;
CREATE INDEX cdrs_history_idx ON cdrs (extension_uuid, domain_uuid, start_stamp, cdr_uuid);
