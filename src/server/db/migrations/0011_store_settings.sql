-- The store's settings (src/shared/contract/settings.ts): one JSON object per store. A
-- setting missing from it reads as its default, so a store saved before a setting existed
-- needs no rewrite, and an update merges only the settings it names into the object.
ALTER TABLE "tenants" ADD COLUMN "settings" jsonb DEFAULT '{}'::jsonb NOT NULL;
