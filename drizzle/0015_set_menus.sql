CREATE TABLE `set_courses` (
	`id` text PRIMARY KEY NOT NULL,
	`item` text DEFAULT '' NOT NULL,
	`name` text DEFAULT '' NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`choices` text DEFAULT '[]' NOT NULL,
	`position` real DEFAULT 0 NOT NULL,
	`translations` text,
	`created` text DEFAULT '' NOT NULL,
	`updated` text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE INDEX `idx_set_courses_item_position` ON `set_courses` (`item`,`position`);--> statement-breakpoint
ALTER TABLE `items` ADD `kind` text DEFAULT '' NOT NULL;