-- Game analysis in the profile (issue 50): each side's accuracy and how many shots the
-- expert needs for each fleet (and for a random one under the same rules), kept beside
-- the JSON so that a profile sums them per preset without reading every analysis.
-- Null in an analysis stored before them (made again: its version is older).
ALTER TABLE analyses ADD COLUMN accuracy1 {real};
ALTER TABLE analyses ADD COLUMN accuracy2 {real};
ALTER TABLE analyses ADD COLUMN hardness1 {real};
ALTER TABLE analyses ADD COLUMN hardness2 {real};
ALTER TABLE analyses ADD COLUMN uniform1 {real};
ALTER TABLE analyses ADD COLUMN uniform2 {real};
