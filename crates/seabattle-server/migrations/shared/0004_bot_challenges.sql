-- Whether a person takes challenges from BOTs (issue 40): off until they turn it on.
ALTER TABLE accounts ADD COLUMN bot_challenges {int} NOT NULL DEFAULT 0;
