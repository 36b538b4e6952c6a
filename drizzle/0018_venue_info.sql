ALTER TABLE `venues` ADD `openingHours` text;--> statement-breakpoint
ALTER TABLE `venues` ADD `phone` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `venues` ADD `email` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `venues` ADD `website` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `venues` ADD `wifiName` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `venues` ADD `wifiPassword` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `venues` ADD `socialLinks` text;--> statement-breakpoint
ALTER TABLE `venues` ADD `imprintUrl` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `venues` ADD `privacyUrl` text DEFAULT '' NOT NULL;