ALTER TABLE `invitations` ADD `venues` text DEFAULT '[]' NOT NULL;--> statement-breakpoint
ALTER TABLE `memberships` ADD `venues` text DEFAULT '[]' NOT NULL;