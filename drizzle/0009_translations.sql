ALTER TABLE `menus` ADD `translations` text;--> statement-breakpoint
ALTER TABLE `menus` ADD `publishIncomplete` text;--> statement-breakpoint
ALTER TABLE `menus` ADD `glossary` text;--> statement-breakpoint
ALTER TABLE `tags` ADD `translations` text;--> statement-breakpoint
ALTER TABLE `venues` ADD `translations` text;