-- Every amount of an organization is in the organization's currency (issue 20, one money module).
-- Venues had a currency of their own that only the guest page used, so an organization whose
-- venues all showed one other currency adopts it: guests keep seeing what they saw before.
UPDATE `organizations` SET `currency` = (
  SELECT MIN(`v`.`currency`) FROM `venues` `v` WHERE `v`.`organization` = `organizations`.`id` AND `v`.`currency` != ''
) WHERE (
  SELECT COUNT(DISTINCT `v`.`currency`) FROM `venues` `v` WHERE `v`.`organization` = `organizations`.`id` AND `v`.`currency` != ''
) = 1 AND (
  SELECT COUNT(*) FROM `venues` `v` WHERE `v`.`organization` = `organizations`.`id` AND (`v`.`currency` IS NULL OR `v`.`currency` = '')
) = 0;--> statement-breakpoint
ALTER TABLE `venues` DROP COLUMN `currency`;
