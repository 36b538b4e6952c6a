CREATE TABLE `_superusers` (
	`id` text PRIMARY KEY NOT NULL,
	`password` text DEFAULT '' NOT NULL,
	`tokenKey` text DEFAULT '' NOT NULL,
	`email` text DEFAULT '' NOT NULL,
	`emailVisibility` integer DEFAULT false NOT NULL,
	`verified` integer DEFAULT false NOT NULL,
	`created` text DEFAULT '' NOT NULL,
	`updated` text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `idx__superusers_email_unique` ON `_superusers` ("email" COLLATE NOCASE) WHERE "email" != '';--> statement-breakpoint
CREATE UNIQUE INDEX `idx__superusers_tokenKey_unique` ON `_superusers` (`tokenKey`);--> statement-breakpoint
CREATE TABLE `_params` (
	`key` text PRIMARY KEY NOT NULL,
	`value` text NOT NULL
);
