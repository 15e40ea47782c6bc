-- The rated queue shares the queue table: a rated waiter's row stands in the lane
-- `rated PRESET` (in `rules`) and carries its account and rating, by which it is paired.
ALTER TABLE queue ADD COLUMN account BIGINT;
ALTER TABLE queue ADD COLUMN rating DOUBLE PRECISION;
