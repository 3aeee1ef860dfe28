CREATE TABLE "entities" (
	"id" uuid PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"subdomain" text NOT NULL,
	"logo" text,
	"package" text,
	"plan" integer DEFAULT 1 NOT NULL,
	"subscription" text DEFAULT 'cloud' NOT NULL,
	"owner_id" uuid,
	"api_token_hash" text,
	"two_step" boolean DEFAULT false NOT NULL,
	"otp_roles" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"copyright" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "entities_subdomain_unique" UNIQUE("subdomain")
);
--> statement-breakpoint
CREATE TABLE "auth_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"entity_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "login_attempts" (
	"id" uuid PRIMARY KEY NOT NULL,
	"account_key" text NOT NULL,
	"ip" text,
	"attempted_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "roles" (
	"entity_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"name" text NOT NULL,
	"permissions" jsonb NOT NULL,
	CONSTRAINT "roles_entity_id_id_pk" PRIMARY KEY("entity_id","id"),
	CONSTRAINT "roles_entity_name_unique" UNIQUE("entity_id","name")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"entity_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"email" text NOT NULL,
	"phone" text,
	"country_code" text,
	"full_name" text NOT NULL,
	"password_hash" text,
	"role_id" uuid NOT NULL,
	"user_type_id" uuid,
	"lang" text DEFAULT 'en' NOT NULL,
	"image" text,
	"archived" boolean DEFAULT false NOT NULL,
	"is_otp_enabled" boolean DEFAULT false NOT NULL,
	"passport_id" text,
	"dashboard_access" boolean DEFAULT false NOT NULL,
	"labels" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "users_entity_id_id_pk" PRIMARY KEY("entity_id","id"),
	CONSTRAINT "users_entity_email_unique" UNIQUE("entity_id","email"),
	CONSTRAINT "users_entity_phone_unique" UNIQUE("entity_id","phone"),
	CONSTRAINT "users_entity_passport_unique" UNIQUE("entity_id","passport_id")
);
--> statement-breakpoint
CREATE TABLE "areas" (
	"entity_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"site_id" uuid NOT NULL,
	"name" text NOT NULL,
	"parent_area_id" uuid,
	"auto_sign_out_mode" text,
	"login_mode" text,
	CONSTRAINT "areas_entity_id_id_pk" PRIMARY KEY("entity_id","id")
);
--> statement-breakpoint
CREATE TABLE "sites" (
	"entity_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"name" text NOT NULL,
	"lat" double precision,
	"long" double precision,
	"radius" integer,
	"zoom" integer,
	"location_name" text,
	CONSTRAINT "sites_entity_id_id_pk" PRIMARY KEY("entity_id","id")
);
--> statement-breakpoint
CREATE TABLE "journey_flows" (
	"entity_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"journey_id" uuid NOT NULL,
	"name" text NOT NULL,
	"user_type_id" uuid,
	"settings" jsonb DEFAULT '{}'::jsonb NOT NULL,
	CONSTRAINT "journey_flows_entity_id_id_pk" PRIMARY KEY("entity_id","id")
);
--> statement-breakpoint
CREATE TABLE "journeys" (
	"entity_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"settings" jsonb DEFAULT '{}'::jsonb NOT NULL,
	CONSTRAINT "journeys_entity_id_id_pk" PRIMARY KEY("entity_id","id")
);
--> statement-breakpoint
CREATE TABLE "user_types" (
	"entity_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"name" text NOT NULL,
	"registration_method" text NOT NULL,
	"grace_period_minutes" integer DEFAULT 30 NOT NULL,
	"profile_photo" text,
	"parent_id" uuid,
	CONSTRAINT "user_types_entity_id_id_pk" PRIMARY KEY("entity_id","id"),
	CONSTRAINT "user_types_entity_name_unique" UNIQUE("entity_id","name"),
	CONSTRAINT "user_types_grace_min" CHECK ("user_types"."grace_period_minutes" >= 30)
);
--> statement-breakpoint
CREATE TABLE "devices" (
	"entity_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"last_seq" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"last_seen_at" timestamp with time zone NOT NULL,
	CONSTRAINT "devices_entity_id_id_user_id_pk" PRIMARY KEY("entity_id","id","user_id")
);
--> statement-breakpoint
CREATE TABLE "mutation_log" (
	"entity_id" uuid NOT NULL,
	"mutation_id" uuid NOT NULL,
	"device_id" uuid NOT NULL,
	"seq" integer NOT NULL,
	"user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"args" jsonb,
	"status" text NOT NULL,
	"code" text,
	"client_time" bigint NOT NULL,
	"clock_offset_ms" integer NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	CONSTRAINT "mutation_log_entity_id_mutation_id_pk" PRIMARY KEY("entity_id","mutation_id"),
	CONSTRAINT "mutation_log_device_seq_unique" UNIQUE("entity_id","device_id","seq")
);
--> statement-breakpoint
CREATE TABLE "sync_changes" (
	"entity_id" uuid NOT NULL,
	"tbl" text NOT NULL,
	"row_id" uuid NOT NULL,
	"seq" bigint NOT NULL,
	"op" text NOT NULL,
	"version" integer NOT NULL,
	"data" jsonb,
	CONSTRAINT "sync_changes_entity_id_tbl_row_id_pk" PRIMARY KEY("entity_id","tbl","row_id")
);
--> statement-breakpoint
CREATE TABLE "sync_counters" (
	"entity_id" uuid PRIMARY KEY NOT NULL,
	"last" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "visit_events" (
	"entity_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"person_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"area_id" uuid,
	"journey_flow_id" uuid,
	"user_type_id" uuid,
	"at" bigint NOT NULL,
	"device_id" uuid,
	"mutation_id" uuid,
	"recorded_by" uuid,
	"details" jsonb,
	"received_at" timestamp with time zone NOT NULL,
	CONSTRAINT "visit_events_entity_id_id_pk" PRIMARY KEY("entity_id","id")
);
--> statement-breakpoint
ALTER TABLE "auth_tokens" ADD CONSTRAINT "auth_tokens_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auth_tokens" ADD CONSTRAINT "auth_tokens_user_fk" FOREIGN KEY ("entity_id","user_id") REFERENCES "public"."users"("entity_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "roles" ADD CONSTRAINT "roles_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_role_fk" FOREIGN KEY ("entity_id","role_id") REFERENCES "public"."roles"("entity_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_user_type_fk" FOREIGN KEY ("entity_id","user_type_id") REFERENCES "public"."user_types"("entity_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "areas" ADD CONSTRAINT "areas_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "areas" ADD CONSTRAINT "areas_site_fk" FOREIGN KEY ("entity_id","site_id") REFERENCES "public"."sites"("entity_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "areas" ADD CONSTRAINT "areas_parent_fk" FOREIGN KEY ("entity_id","parent_area_id") REFERENCES "public"."areas"("entity_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sites" ADD CONSTRAINT "sites_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journey_flows" ADD CONSTRAINT "journey_flows_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journey_flows" ADD CONSTRAINT "journey_flows_journey_fk" FOREIGN KEY ("entity_id","journey_id") REFERENCES "public"."journeys"("entity_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journey_flows" ADD CONSTRAINT "journey_flows_user_type_fk" FOREIGN KEY ("entity_id","user_type_id") REFERENCES "public"."user_types"("entity_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journeys" ADD CONSTRAINT "journeys_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_types" ADD CONSTRAINT "user_types_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_types" ADD CONSTRAINT "user_types_parent_fk" FOREIGN KEY ("entity_id","parent_id") REFERENCES "public"."user_types"("entity_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mutation_log" ADD CONSTRAINT "mutation_log_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sync_changes" ADD CONSTRAINT "sync_changes_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sync_counters" ADD CONSTRAINT "sync_counters_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visit_events" ADD CONSTRAINT "visit_events_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visit_events" ADD CONSTRAINT "visit_events_person_fk" FOREIGN KEY ("entity_id","person_id") REFERENCES "public"."users"("entity_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visit_events" ADD CONSTRAINT "visit_events_area_fk" FOREIGN KEY ("entity_id","area_id") REFERENCES "public"."areas"("entity_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "auth_tokens_user_idx" ON "auth_tokens" USING btree ("entity_id","user_id");--> statement-breakpoint
CREATE INDEX "login_attempts_key_time_idx" ON "login_attempts" USING btree ("account_key","attempted_at");--> statement-breakpoint
CREATE INDEX "users_email_idx" ON "users" USING btree ("email");--> statement-breakpoint
CREATE INDEX "sync_changes_seq_idx" ON "sync_changes" USING btree ("entity_id","seq");--> statement-breakpoint
CREATE INDEX "visit_events_person_at_idx" ON "visit_events" USING btree ("entity_id","person_id","at");--> statement-breakpoint
CREATE INDEX "visit_events_at_idx" ON "visit_events" USING btree ("entity_id","at");