CREATE TABLE "_externalAuths" (
	"id" text PRIMARY KEY NOT NULL,
	"collectionRef" text DEFAULT '' NOT NULL,
	"recordRef" text DEFAULT '' NOT NULL,
	"provider" text DEFAULT '' NOT NULL,
	"providerId" text DEFAULT '' NOT NULL,
	"created" text DEFAULT '' NOT NULL,
	"updated" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "_otps" (
	"id" text PRIMARY KEY NOT NULL,
	"collectionRef" text DEFAULT '' NOT NULL,
	"recordRef" text DEFAULT '' NOT NULL,
	"codeHash" text DEFAULT '' NOT NULL,
	"sentTo" text DEFAULT '' NOT NULL,
	"created" text DEFAULT '' NOT NULL,
	"updated" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "_superusers" (
	"id" text PRIMARY KEY NOT NULL,
	"password" text DEFAULT '' NOT NULL,
	"tokenKey" text DEFAULT '' NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"emailVisibility" integer DEFAULT 0 NOT NULL,
	"verified" integer DEFAULT 0 NOT NULL,
	"created" text DEFAULT '' NOT NULL,
	"updated" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "billing_events" (
	"id" text PRIMARY KEY NOT NULL,
	"eventId" text DEFAULT '' NOT NULL,
	"type" text DEFAULT '' NOT NULL,
	"objectId" text DEFAULT '' NOT NULL,
	"created" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "billing_notices" (
	"id" text PRIMARY KEY NOT NULL,
	"organization" text DEFAULT '' NOT NULL,
	"kind" text DEFAULT '' NOT NULL,
	"periodEnd" text DEFAULT '' NOT NULL,
	"created" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "guest_stats" (
	"id" text PRIMARY KEY NOT NULL,
	"organization" text DEFAULT '' NOT NULL,
	"venue" text DEFAULT '' NOT NULL,
	"menu" text DEFAULT '' NOT NULL,
	"day" text DEFAULT '' NOT NULL,
	"hour" double precision DEFAULT 0 NOT NULL,
	"weekday" double precision DEFAULT 0 NOT NULL,
	"kind" text DEFAULT '' NOT NULL,
	"tableNo" text DEFAULT '' NOT NULL,
	"count" double precision DEFAULT 0 NOT NULL,
	"item" text DEFAULT '' NOT NULL,
	"term" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "help_requests" (
	"id" text PRIMARY KEY NOT NULL,
	"user" text DEFAULT '' NOT NULL,
	"organization" text DEFAULT '' NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"sessionReplayUrl" text DEFAULT '' NOT NULL,
	"status" text DEFAULT '' NOT NULL,
	"created" text DEFAULT '' NOT NULL,
	"updated" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invitations" (
	"id" text PRIMARY KEY NOT NULL,
	"organization" text DEFAULT '' NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"role" text DEFAULT '' NOT NULL,
	"venues" text DEFAULT '[]' NOT NULL,
	"tokenHash" text DEFAULT '' NOT NULL,
	"invitedBy" text DEFAULT '' NOT NULL,
	"expires" text DEFAULT '' NOT NULL,
	"acceptedAt" text DEFAULT '' NOT NULL,
	"created" text DEFAULT '' NOT NULL,
	"updated" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "items" (
	"id" text PRIMARY KEY NOT NULL,
	"section" text DEFAULT '' NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"prices" text,
	"priceOnRequest" integer DEFAULT 0 NOT NULL,
	"image" text DEFAULT '' NOT NULL,
	"tags" text DEFAULT '[]' NOT NULL,
	"allergens" text DEFAULT '[]' NOT NULL,
	"mayContain" text DEFAULT '[]' NOT NULL,
	"available" integer DEFAULT 0 NOT NULL,
	"soldOutUntil" text DEFAULT '' NOT NULL,
	"position" double precision DEFAULT 0 NOT NULL,
	"translations" text,
	"optionGroups" text DEFAULT '[]' NOT NULL,
	"diets" text DEFAULT '[]' NOT NULL,
	"nutrition" text,
	"kind" text DEFAULT '' NOT NULL,
	"created" text DEFAULT '' NOT NULL,
	"updated" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "memberships" (
	"id" text PRIMARY KEY NOT NULL,
	"organization" text DEFAULT '' NOT NULL,
	"user" text DEFAULT '' NOT NULL,
	"role" text DEFAULT '' NOT NULL,
	"venues" text DEFAULT '[]' NOT NULL,
	"created" text DEFAULT '' NOT NULL,
	"updated" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "menu_uploads" (
	"id" text PRIMARY KEY NOT NULL,
	"organization" text DEFAULT '' NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"file" text DEFAULT '' NOT NULL,
	"photos" text DEFAULT '[]' NOT NULL,
	"status" text DEFAULT '' NOT NULL,
	"error" text DEFAULT '' NOT NULL,
	"pages" double precision DEFAULT 0 NOT NULL,
	"progress" double precision DEFAULT 0 NOT NULL,
	"draft" text,
	"menu" text DEFAULT '' NOT NULL,
	"created" text DEFAULT '' NOT NULL,
	"updated" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "menus" (
	"id" text PRIMARY KEY NOT NULL,
	"organization" text DEFAULT '' NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"status" text DEFAULT '' NOT NULL,
	"schedule" text,
	"languages" text,
	"translations" text,
	"publishIncomplete" text,
	"glossary" text,
	"hidePrices" integer DEFAULT 0 NOT NULL,
	"layout" text DEFAULT '' NOT NULL,
	"created" text DEFAULT '' NOT NULL,
	"updated" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "option_groups" (
	"id" text PRIMARY KEY NOT NULL,
	"organization" text DEFAULT '' NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"minChoices" double precision DEFAULT 0 NOT NULL,
	"maxChoices" double precision DEFAULT 0 NOT NULL,
	"translations" text,
	"created" text DEFAULT '' NOT NULL,
	"updated" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "options" (
	"id" text PRIMARY KEY NOT NULL,
	"group" text DEFAULT '' NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"priceDelta" double precision DEFAULT 0 NOT NULL,
	"allergens" text DEFAULT '[]' NOT NULL,
	"mayContain" text DEFAULT '[]' NOT NULL,
	"diets" text DEFAULT '[]' NOT NULL,
	"available" integer DEFAULT 0 NOT NULL,
	"position" double precision DEFAULT 0 NOT NULL,
	"translations" text,
	"created" text DEFAULT '' NOT NULL,
	"updated" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "organizations" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"slug" text DEFAULT '' NOT NULL,
	"subscriptionStatus" text DEFAULT '' NOT NULL,
	"plan" text DEFAULT '' NOT NULL,
	"billingInterval" text DEFAULT '' NOT NULL,
	"trialEndsAt" text DEFAULT '' NOT NULL,
	"currentPeriodEnd" text DEFAULT '' NOT NULL,
	"cancelAtPeriodEnd" integer DEFAULT 0 NOT NULL,
	"lapsedAt" text DEFAULT '' NOT NULL,
	"currency" text DEFAULT '' NOT NULL,
	"defaultLanguage" text DEFAULT '' NOT NULL,
	"qrDownloadedAt" text DEFAULT '' NOT NULL,
	"stripeCustomerId" text DEFAULT '' NOT NULL,
	"stripeSubscriptionId" text DEFAULT '' NOT NULL,
	"created" text DEFAULT '' NOT NULL,
	"updated" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "_params" (
	"key" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "plans" (
	"id" text PRIMARY KEY NOT NULL,
	"code" text DEFAULT '' NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"priceMonthly" double precision DEFAULT 0 NOT NULL,
	"priceYearly" double precision DEFAULT 0 NOT NULL,
	"currency" text DEFAULT '' NOT NULL,
	"limits" text,
	"entitlements" text,
	"trialDays" double precision DEFAULT 0 NOT NULL,
	"active" integer DEFAULT 0 NOT NULL,
	"position" double precision DEFAULT 0 NOT NULL,
	"stripePriceMonthly" text DEFAULT '' NOT NULL,
	"stripePriceYearly" text DEFAULT '' NOT NULL,
	"created" text DEFAULT '' NOT NULL,
	"updated" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sections" (
	"id" text PRIMARY KEY NOT NULL,
	"menu" text DEFAULT '' NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"position" double precision DEFAULT 0 NOT NULL,
	"translations" text,
	"hidePrices" integer DEFAULT 0 NOT NULL,
	"created" text DEFAULT '' NOT NULL,
	"updated" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "set_courses" (
	"id" text PRIMARY KEY NOT NULL,
	"item" text DEFAULT '' NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"choices" text DEFAULT '[]' NOT NULL,
	"position" double precision DEFAULT 0 NOT NULL,
	"translations" text,
	"created" text DEFAULT '' NOT NULL,
	"updated" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tags" (
	"id" text PRIMARY KEY NOT NULL,
	"organization" text DEFAULT '' NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"color" text DEFAULT '' NOT NULL,
	"translations" text,
	"created" text DEFAULT '' NOT NULL,
	"updated" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" text PRIMARY KEY NOT NULL,
	"password" text DEFAULT '' NOT NULL,
	"tokenKey" text DEFAULT '' NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"emailVisibility" integer DEFAULT 0 NOT NULL,
	"verified" integer DEFAULT 0 NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"avatar" text DEFAULT '' NOT NULL,
	"onboardingComplete" integer DEFAULT 0 NOT NULL,
	"currentOrganization" text DEFAULT '' NOT NULL,
	"language" text DEFAULT '' NOT NULL,
	"disabled" integer DEFAULT 0 NOT NULL,
	"created" text DEFAULT '' NOT NULL,
	"updated" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "venue_items" (
	"id" text PRIMARY KEY NOT NULL,
	"venue" text DEFAULT '' NOT NULL,
	"item" text DEFAULT '' NOT NULL,
	"available" integer DEFAULT 0 NOT NULL,
	"soldOutUntil" text DEFAULT '' NOT NULL,
	"prices" text,
	"created" text DEFAULT '' NOT NULL,
	"updated" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "venue_options" (
	"id" text PRIMARY KEY NOT NULL,
	"venue" text DEFAULT '' NOT NULL,
	"option" text DEFAULT '' NOT NULL,
	"available" integer DEFAULT 0 NOT NULL,
	"soldOutUntil" text DEFAULT '' NOT NULL,
	"created" text DEFAULT '' NOT NULL,
	"updated" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "venues" (
	"id" text PRIMARY KEY NOT NULL,
	"organization" text DEFAULT '' NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"slug" text DEFAULT '' NOT NULL,
	"timezone" text DEFAULT '' NOT NULL,
	"primaryColor" text DEFAULT '' NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"logo" text DEFAULT '' NOT NULL,
	"cover" text DEFAULT '' NOT NULL,
	"fontPairing" text DEFAULT '' NOT NULL,
	"menus" text DEFAULT '[]' NOT NULL,
	"originalMenu" text DEFAULT '' NOT NULL,
	"tables" text,
	"translations" text,
	"nutritionDisplay" text DEFAULT '' NOT NULL,
	"dailyKcalNote" integer DEFAULT 0 NOT NULL,
	"priceNote" text DEFAULT '' NOT NULL,
	"openingHours" text,
	"phone" text DEFAULT '' NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"website" text DEFAULT '' NOT NULL,
	"wifiName" text DEFAULT '' NOT NULL,
	"wifiPassword" text DEFAULT '' NOT NULL,
	"socialLinks" text,
	"imprintUrl" text DEFAULT '' NOT NULL,
	"privacyUrl" text DEFAULT '' NOT NULL,
	"embedOrigins" text,
	"created" text DEFAULT '' NOT NULL,
	"updated" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "idx__externalAuths_collectionRef_provider_providerId_unique" ON "_externalAuths" USING btree ("collectionRef","provider","providerId");--> statement-breakpoint
CREATE INDEX "idx__externalAuths_collectionRef_recordRef" ON "_externalAuths" USING btree ("collectionRef","recordRef");--> statement-breakpoint
CREATE INDEX "idx__otps_collectionRef_recordRef" ON "_otps" USING btree ("collectionRef","recordRef");--> statement-breakpoint
CREATE UNIQUE INDEX "idx__superusers_email_unique" ON "_superusers" USING btree (lower("email")) WHERE "email" <> '';--> statement-breakpoint
CREATE UNIQUE INDEX "idx__superusers_tokenKey_unique" ON "_superusers" USING btree ("tokenKey");--> statement-breakpoint
CREATE UNIQUE INDEX "idx_billing_events_eventId_unique" ON "billing_events" USING btree ("eventId");--> statement-breakpoint
CREATE INDEX "idx_billing_events_created" ON "billing_events" USING btree ("created");--> statement-breakpoint
CREATE UNIQUE INDEX "idx_billing_notices_organization_kind_periodEnd_unique" ON "billing_notices" USING btree ("organization","kind","periodEnd");--> statement-breakpoint
CREATE UNIQUE INDEX "idx_guest_stats_venue_menu_day_hour_kind_tableNo_item_term_unique" ON "guest_stats" USING btree ("venue","menu","day","hour","kind","tableNo","item","term");--> statement-breakpoint
CREATE INDEX "idx_guest_stats_organization_day" ON "guest_stats" USING btree ("organization","day");--> statement-breakpoint
CREATE INDEX "idx_help_requests_user" ON "help_requests" USING btree ("user");--> statement-breakpoint
CREATE INDEX "idx_help_requests_organization" ON "help_requests" USING btree ("organization");--> statement-breakpoint
CREATE UNIQUE INDEX "idx_invitations_tokenHash_unique" ON "invitations" USING btree ("tokenHash");--> statement-breakpoint
CREATE INDEX "idx_invitations_email" ON "invitations" USING btree ("email");--> statement-breakpoint
CREATE INDEX "idx_invitations_organization_email" ON "invitations" USING btree ("organization","email");--> statement-breakpoint
CREATE INDEX "idx_invitations_invitedBy" ON "invitations" USING btree ("invitedBy");--> statement-breakpoint
CREATE INDEX "idx_items_section_position" ON "items" USING btree ("section","position");--> statement-breakpoint
CREATE INDEX "idx_items_available_soldOutUntil" ON "items" USING btree ("available","soldOutUntil");--> statement-breakpoint
CREATE UNIQUE INDEX "idx_memberships_organization_user_unique" ON "memberships" USING btree ("organization","user");--> statement-breakpoint
CREATE INDEX "idx_memberships_user" ON "memberships" USING btree ("user");--> statement-breakpoint
CREATE INDEX "idx_menu_uploads_organization_created" ON "menu_uploads" USING btree ("organization","created");--> statement-breakpoint
CREATE INDEX "idx_menu_uploads_status" ON "menu_uploads" USING btree ("status");--> statement-breakpoint
CREATE INDEX "idx_menu_uploads_menu" ON "menu_uploads" USING btree ("menu");--> statement-breakpoint
CREATE INDEX "idx_menus_organization_updated" ON "menus" USING btree ("organization","updated");--> statement-breakpoint
CREATE INDEX "idx_option_groups_organization_name" ON "option_groups" USING btree ("organization","name");--> statement-breakpoint
CREATE INDEX "idx_options_group_position" ON "options" USING btree ("group","position");--> statement-breakpoint
CREATE UNIQUE INDEX "idx_organizations_slug_unique" ON "organizations" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "idx_organizations_subscriptionStatus_trialEndsAt" ON "organizations" USING btree ("subscriptionStatus","trialEndsAt");--> statement-breakpoint
CREATE INDEX "idx_organizations_plan" ON "organizations" USING btree ("plan");--> statement-breakpoint
CREATE UNIQUE INDEX "idx_plans_code_unique" ON "plans" USING btree ("code");--> statement-breakpoint
CREATE INDEX "idx_plans_active_position" ON "plans" USING btree ("active","position");--> statement-breakpoint
CREATE INDEX "idx_sections_menu_position" ON "sections" USING btree ("menu","position");--> statement-breakpoint
CREATE INDEX "idx_set_courses_item_position" ON "set_courses" USING btree ("item","position");--> statement-breakpoint
CREATE INDEX "idx_tags_organization_name" ON "tags" USING btree ("organization","name");--> statement-breakpoint
CREATE UNIQUE INDEX "idx_users_email_unique" ON "users" USING btree (lower("email")) WHERE "email" <> '';--> statement-breakpoint
CREATE UNIQUE INDEX "idx_users_tokenKey_unique" ON "users" USING btree ("tokenKey");--> statement-breakpoint
CREATE INDEX "idx_users_currentOrganization" ON "users" USING btree ("currentOrganization");--> statement-breakpoint
CREATE UNIQUE INDEX "idx_venue_items_venue_item_unique" ON "venue_items" USING btree ("venue","item");--> statement-breakpoint
CREATE INDEX "idx_venue_items_item" ON "venue_items" USING btree ("item");--> statement-breakpoint
CREATE INDEX "idx_venue_items_available_soldOutUntil" ON "venue_items" USING btree ("available","soldOutUntil");--> statement-breakpoint
CREATE UNIQUE INDEX "idx_venue_options_venue_option_unique" ON "venue_options" USING btree ("venue","option");--> statement-breakpoint
CREATE INDEX "idx_venue_options_option" ON "venue_options" USING btree ("option");--> statement-breakpoint
CREATE INDEX "idx_venue_options_available_soldOutUntil" ON "venue_options" USING btree ("available","soldOutUntil");--> statement-breakpoint
CREATE UNIQUE INDEX "idx_venues_slug_unique" ON "venues" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "idx_venues_organization_name" ON "venues" USING btree ("organization","name");--> statement-breakpoint
CREATE INDEX "idx_venues_originalMenu" ON "venues" USING btree ("originalMenu");