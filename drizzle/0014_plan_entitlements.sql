ALTER TABLE `plans` ADD `entitlements` text;--> statement-breakpoint
ALTER TABLE `plans` DROP COLUMN `features`;--> statement-breakpoint
-- Installs seeded before entitlements existed: the default plans get what they sell (billing/plans-seed.ts); other plans none until a superuser sets them.
UPDATE `plans` SET `entitlements` = '[]' WHERE `code` = 'starter' AND `entitlements` IS NULL;--> statement-breakpoint
UPDATE `plans` SET `entitlements` = '["schedules","liveSoldOut","analytics"]' WHERE `code` = 'pro' AND `entitlements` IS NULL;--> statement-breakpoint
UPDATE `plans` SET `entitlements` = '["schedules","liveSoldOut","analytics","teamRoles"]' WHERE `code` = 'business' AND `entitlements` IS NULL;
