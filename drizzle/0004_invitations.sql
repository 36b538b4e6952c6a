CREATE TABLE `invitations` (
	`id` text PRIMARY KEY NOT NULL,
	`organization` text DEFAULT '' NOT NULL,
	`email` text DEFAULT '' NOT NULL,
	`role` text DEFAULT '' NOT NULL,
	`tokenHash` text DEFAULT '' NOT NULL,
	`invitedBy` text DEFAULT '' NOT NULL,
	`expires` text DEFAULT '' NOT NULL,
	`acceptedAt` text DEFAULT '' NOT NULL,
	`created` text DEFAULT '' NOT NULL,
	`updated` text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `idx_invitations_tokenHash_unique` ON `invitations` (`tokenHash`);--> statement-breakpoint
CREATE INDEX `idx_invitations_email` ON `invitations` (`email`);--> statement-breakpoint
CREATE INDEX `idx_invitations_organization_email` ON `invitations` (`organization`,`email`);--> statement-breakpoint
CREATE INDEX `idx_invitations_invitedBy` ON `invitations` (`invitedBy`);