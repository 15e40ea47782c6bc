-- Each person's rating from rated games against people only (issue 40): the profile
-- shows it beside the one scale's, which games against BOTs and the computer's levels
-- move too. Same Glicko-2 figures as `ratings`.
CREATE TABLE people_ratings (
    account_id  {int} NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    preset      TEXT NOT NULL,
    rating      {real} NOT NULL,
    deviation   {real} NOT NULL,
    volatility  {real} NOT NULL,
    games       {int} NOT NULL,
    updated_at  {time} NOT NULL,
    PRIMARY KEY (account_id, preset)
);
