CREATE TABLE `billing_events` (
	`id` text PRIMARY KEY NOT NULL,
	`eventId` text DEFAULT '' NOT NULL,
	`type` text DEFAULT '' NOT NULL,
	`objectId` text DEFAULT '' NOT NULL,
	`created` text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `idx_billing_events_eventId_unique` ON `billing_events` (`eventId`);--> statement-breakpoint
CREATE INDEX `idx_billing_events_created` ON `billing_events` (`created`);