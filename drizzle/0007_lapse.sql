CREATE TABLE `billing_notices` (
	`id` text PRIMARY KEY NOT NULL,
	`organization` text DEFAULT '' NOT NULL,
	`kind` text DEFAULT '' NOT NULL,
	`periodEnd` text DEFAULT '' NOT NULL,
	`created` text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `idx_billing_notices_organization_kind_periodEnd_unique` ON `billing_notices` (`organization`,`kind`,`periodEnd`);--> statement-breakpoint
ALTER TABLE `organizations` ADD `lapsedAt` text DEFAULT '' NOT NULL;--> statement-breakpoint
-- Organizations that lapsed before lapsedAt existed lapse now: a full grace period from the upgrade, never "grace over" at once.
UPDATE `organizations` SET `lapsedAt` = strftime('%Y-%m-%d %H:%M:%fZ', 'now') WHERE `subscriptionStatus` IN ('past_due', 'canceled', 'unpaid', 'incomplete') AND `lapsedAt` = '';
