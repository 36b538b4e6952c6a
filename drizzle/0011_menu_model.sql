CREATE TABLE `option_groups` (
	`id` text PRIMARY KEY NOT NULL,
	`organization` text DEFAULT '' NOT NULL,
	`name` text DEFAULT '' NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`minChoices` real DEFAULT 0 NOT NULL,
	`maxChoices` real DEFAULT 0 NOT NULL,
	`translations` text,
	`created` text DEFAULT '' NOT NULL,
	`updated` text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE INDEX `idx_option_groups_organization_name` ON `option_groups` (`organization`,`name`);--> statement-breakpoint
CREATE TABLE `options` (
	`id` text PRIMARY KEY NOT NULL,
	`group` text DEFAULT '' NOT NULL,
	`name` text DEFAULT '' NOT NULL,
	`priceDelta` real DEFAULT 0 NOT NULL,
	`allergens` text DEFAULT '[]' NOT NULL,
	`mayContain` text DEFAULT '[]' NOT NULL,
	`diets` text DEFAULT '[]' NOT NULL,
	`available` integer DEFAULT false NOT NULL,
	`position` real DEFAULT 0 NOT NULL,
	`translations` text,
	`created` text DEFAULT '' NOT NULL,
	`updated` text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE INDEX `idx_options_group_position` ON `options` (`group`,`position`);--> statement-breakpoint
ALTER TABLE `items` ADD `optionGroups` text DEFAULT '[]' NOT NULL;--> statement-breakpoint
ALTER TABLE `items` ADD `diets` text DEFAULT '[]' NOT NULL;--> statement-breakpoint
ALTER TABLE `items` ADD `nutrition` text;--> statement-breakpoint
ALTER TABLE `venues` ADD `nutritionDisplay` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `venues` ADD `dailyKcalNote` integer DEFAULT false NOT NULL;