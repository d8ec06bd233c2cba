-- Hatid in Filipino (docs/guide/language.md): the account's own choice, null until the person makes
-- one (then the cookie and the browser decide). Applications keep the language they were sent in,
-- so the decision's text message goes out in it.
ALTER TABLE users ADD COLUMN language TEXT CHECK (language IN ('en', 'fil'));
ALTER TABLE rider_applications ADD COLUMN language TEXT NOT NULL DEFAULT 'en' CHECK (language IN ('en', 'fil'));
