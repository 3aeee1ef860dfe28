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
	"api_token_at" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "entities_subdomain_unique" UNIQUE("subdomain")
);
--> statement-breakpoint
CREATE TABLE "rate_limit_hits" (
	"key" text PRIMARY KEY NOT NULL,
	"hits" integer NOT NULL,
	"reset_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "feed_epoch" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"epoch" text NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL
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
	"platform_staff" boolean DEFAULT false NOT NULL,
	"dashboard_revoked_at" timestamp with time zone,
	"labels" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"custom_fields" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "users_entity_id_id_pk" PRIMARY KEY("entity_id","id"),
	CONSTRAINT "users_entity_email_unique" UNIQUE("entity_id","email"),
	CONSTRAINT "users_entity_phone_unique" UNIQUE("entity_id","phone"),
	CONSTRAINT "users_entity_passport_unique" UNIQUE("entity_id","passport_id")
);
--> statement-breakpoint
CREATE TABLE "user_documents" (
	"entity_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"type" text NOT NULL,
	"status" text DEFAULT 'ACTIVE' NOT NULL,
	"notes" text,
	"start_date" text,
	"expiry_date" text,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "user_documents_entity_id_id_pk" PRIMARY KEY("entity_id","id")
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
	"geofencing" boolean DEFAULT false NOT NULL,
	"local_sync_ip" text,
	"local_sync_port" integer,
	"fire_alarm" jsonb,
	"deleted_at" timestamp with time zone,
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
	"time_zone" text DEFAULT 'UTC' NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "sites_entity_id_id_pk" PRIMARY KEY("entity_id","id")
);
--> statement-breakpoint
CREATE TABLE "journey_flows" (
	"entity_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"journey_id" uuid NOT NULL,
	"name" text NOT NULL,
	"names" jsonb,
	"description" text,
	"user_type_id" uuid,
	"settings" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "journey_flows_entity_id_id_pk" PRIMARY KEY("entity_id","id")
);
--> statement-breakpoint
CREATE TABLE "journeys" (
	"entity_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"name" text NOT NULL,
	"names" jsonb,
	"description" text,
	"logo" text,
	"settings" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"deleted_at" timestamp with time zone,
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
	"clock_offset_ms" bigint NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	"corrected_at" bigint,
	"clock_untrusted" boolean DEFAULT false NOT NULL,
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
	"clock_untrusted" boolean DEFAULT false NOT NULL,
	CONSTRAINT "visit_events_entity_id_id_pk" PRIMARY KEY("entity_id","id")
);
--> statement-breakpoint
CREATE TABLE "visits" (
	"entity_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"person_id" uuid NOT NULL,
	"time_in" bigint NOT NULL,
	"area_id" uuid,
	"user_type_id" uuid,
	"out_event_id" uuid,
	"time_out" bigint,
	"status" text NOT NULL,
	CONSTRAINT "visits_entity_id_id_pk" PRIMARY KEY("entity_id","id")
);
--> statement-breakpoint
CREATE TABLE "labels" (
	"entity_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "labels_entity_id_id_pk" PRIMARY KEY("entity_id","id"),
	CONSTRAINT "labels_entity_name_unique" UNIQUE("entity_id","name")
);
--> statement-breakpoint
CREATE TABLE "compliance_answers" (
	"entity_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"person_id" uuid NOT NULL,
	"compliance_id" uuid NOT NULL,
	"compliance_version" integer NOT NULL,
	"answers" jsonb NOT NULL,
	"outcome" text NOT NULL,
	"is_wrong" boolean NOT NULL,
	"visit_id" uuid,
	"area_id" uuid,
	"user_type_id" uuid,
	"at" bigint NOT NULL,
	CONSTRAINT "compliance_answers_entity_id_id_pk" PRIMARY KEY("entity_id","id")
);
--> statement-breakpoint
CREATE TABLE "host_notifications" (
	"entity_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"host_id" uuid NOT NULL,
	"person_id" uuid NOT NULL,
	"visit_id" uuid,
	"message" text,
	"mail_status" text DEFAULT 'queued' NOT NULL,
	"emergency_session_id" uuid,
	"at" bigint NOT NULL,
	CONSTRAINT "host_notifications_entity_id_id_pk" PRIMARY KEY("entity_id","id")
);
--> statement-breakpoint
CREATE TABLE "kiosk_logs" (
	"entity_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"kiosk_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"code" text NOT NULL,
	"data" jsonb,
	"at" bigint NOT NULL,
	CONSTRAINT "kiosk_logs_entity_id_id_pk" PRIMARY KEY("entity_id","id")
);
--> statement-breakpoint
CREATE TABLE "kiosk_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"entity_id" uuid NOT NULL,
	"kiosk_id" uuid NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "kiosk_visits" (
	"entity_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"person_id" uuid NOT NULL,
	"kiosk_id" uuid,
	"area_id" uuid NOT NULL,
	"journey_id" uuid,
	"journey_flow_id" uuid,
	"stage" text NOT NULL,
	"signed_in" boolean NOT NULL,
	"details" jsonb,
	"custom_fields" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"at" bigint NOT NULL,
	CONSTRAINT "kiosk_visits_entity_id_id_pk" PRIMARY KEY("entity_id","id")
);
--> statement-breakpoint
CREATE TABLE "kiosks" (
	"entity_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"kiosk_name" text NOT NULL,
	"area_id" uuid NOT NULL,
	"mac_address" text,
	"android_serial" text,
	"serial_number" text,
	"version" text,
	"registered_by" uuid NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"last_seen_at" timestamp with time zone,
	"deregistered_at" timestamp with time zone,
	CONSTRAINT "kiosks_entity_id_id_pk" PRIMARY KEY("entity_id","id")
);
--> statement-breakpoint
CREATE TABLE "visit_checks" (
	"entity_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"person_id" uuid NOT NULL,
	"visit_id" uuid,
	"temperature" jsonb,
	"mask" boolean,
	"passed" boolean NOT NULL,
	"at" bigint NOT NULL,
	CONSTRAINT "visit_checks_entity_id_id_pk" PRIMARY KEY("entity_id","id")
);
--> statement-breakpoint
CREATE TABLE "announcements" (
	"entity_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"description" jsonb NOT NULL,
	"url" text,
	"urgent" boolean DEFAULT false NOT NULL,
	"pinned" boolean DEFAULT false NOT NULL,
	"verbal" boolean DEFAULT false NOT NULL,
	"target_user_types" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"publish_at" bigint NOT NULL,
	"expires_at" bigint,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "announcements_entity_id_id_pk" PRIMARY KEY("entity_id","id")
);
--> statement-breakpoint
CREATE TABLE "attendance_modes" (
	"entity_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"name" text NOT NULL,
	"working_days" jsonb NOT NULL,
	"start_minutes" integer NOT NULL,
	"end_minutes" integer NOT NULL,
	"late_grace_minutes" integer DEFAULT 0 NOT NULL,
	"early_grace_minutes" integer DEFAULT 0 NOT NULL,
	"attendance_code" text NOT NULL,
	"reasons" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"integration" text,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "attendance_modes_entity_id_id_pk" PRIMARY KEY("entity_id","id"),
	CONSTRAINT "attendance_modes_entity_name_unique" UNIQUE("entity_id","name")
);
--> statement-breakpoint
CREATE TABLE "compliance_forms" (
	"entity_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"name" jsonb NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"questions" jsonb NOT NULL,
	"agreement_text" jsonb,
	"statement" jsonb,
	"document_required" boolean DEFAULT false NOT NULL,
	"protocols" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"accept_negative_pcr" boolean DEFAULT false NOT NULL,
	"pcr_valid_days" integer,
	CONSTRAINT "compliance_forms_entity_id_id_pk" PRIMARY KEY("entity_id","id")
);
--> statement-breakpoint
CREATE TABLE "custom_fields" (
	"entity_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"section_id" uuid NOT NULL,
	"name" jsonb NOT NULL,
	"type" text NOT NULL,
	"options" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"display" text DEFAULT 'stars' NOT NULL,
	"required" boolean DEFAULT false NOT NULL,
	"fillable" boolean DEFAULT true NOT NULL,
	"printable" boolean DEFAULT false NOT NULL,
	"icon" text,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "custom_fields_entity_id_id_pk" PRIMARY KEY("entity_id","id")
);
--> statement-breakpoint
CREATE TABLE "attendance_records" (
	"entity_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"person_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"area_id" uuid,
	"attendance_mode_id" uuid NOT NULL,
	"situation" text,
	"reason_id" uuid,
	"reason_name" text,
	"attendance_code" text,
	"source" text NOT NULL,
	"at" bigint NOT NULL,
	CONSTRAINT "attendance_records_entity_id_id_pk" PRIMARY KEY("entity_id","id")
);
--> statement-breakpoint
CREATE TABLE "sections" (
	"entity_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"name" jsonb NOT NULL,
	"icon" text,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "sections_entity_id_id_pk" PRIMARY KEY("entity_id","id")
);
--> statement-breakpoint
CREATE TABLE "compliance_document_files" (
	"entity_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"compliance_id" uuid,
	"mime" text NOT NULL,
	"bytes" "bytea" NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "compliance_document_files_entity_id_id_pk" PRIMARY KEY("entity_id","id")
);
--> statement-breakpoint
CREATE TABLE "compliance_form_versions" (
	"entity_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"form_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"snapshot" jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "compliance_form_versions_entity_id_id_pk" PRIMARY KEY("entity_id","id"),
	CONSTRAINT "compliance_form_versions_form_version_unique" UNIQUE("entity_id","form_id","version")
);
--> statement-breakpoint
CREATE TABLE "kiosk_commands" (
	"entity_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"kiosk_id" uuid NOT NULL,
	"command" text NOT NULL,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"requested_by" uuid NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"delivered_at" timestamp with time zone,
	CONSTRAINT "kiosk_commands_entity_id_id_pk" PRIMARY KEY("entity_id","id")
);
--> statement-breakpoint
CREATE TABLE "kiosk_pairing_codes" (
	"entity_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"code_hash" text NOT NULL,
	"area_id" uuid NOT NULL,
	"kiosk_name" text NOT NULL,
	"created_by" uuid NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"kiosk_id" uuid,
	CONSTRAINT "kiosk_pairing_codes_entity_id_id_pk" PRIMARY KEY("entity_id","id"),
	CONSTRAINT "kiosk_pairing_codes_entity_code_unique" UNIQUE("entity_id","code_hash")
);
--> statement-breakpoint
CREATE TABLE "admin_scopes" (
	"entity_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"user_type_ids" jsonb,
	"area_ids" jsonb,
	CONSTRAINT "admin_scopes_entity_id_user_id_pk" PRIMARY KEY("entity_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "grid_preferences" (
	"entity_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"employee_id" uuid NOT NULL,
	"page_url" text NOT NULL,
	"table_head" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"url" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "grid_preferences_entity_id_id_pk" PRIMARY KEY("entity_id","id"),
	CONSTRAINT "grid_preferences_employee_page_unique" UNIQUE("entity_id","employee_id","page_url")
);
--> statement-breakpoint
CREATE TABLE "user_cards" (
	"entity_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"rfid" text NOT NULL,
	CONSTRAINT "user_cards_entity_id_user_id_pk" PRIMARY KEY("entity_id","user_id"),
	CONSTRAINT "user_cards_entity_rfid_unique" UNIQUE("entity_id","rfid")
);
--> statement-breakpoint
CREATE TABLE "user_photos" (
	"entity_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"mime" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"bytes" "bytea" NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "user_photos_entity_id_user_id_pk" PRIMARY KEY("entity_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "expected_visits" (
	"entity_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"person_id" uuid NOT NULL,
	"journey_flow_id" uuid,
	"area_id" uuid,
	"user_type_id" uuid,
	"host_id" uuid,
	"visit_date" text NOT NULL,
	"visit_time" text NOT NULL,
	"visit_at" bigint NOT NULL,
	"status" text NOT NULL,
	"visit_url" text NOT NULL,
	"code_hash" text NOT NULL,
	"hold_hash" text,
	"hold_expires_at" bigint,
	"company_name" text,
	"registration_method" text,
	"custom_fields" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"flags" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"photo_type" text,
	"photo_base64" text,
	"created_by" uuid,
	"decided_by" uuid,
	"confirmed_at" bigint,
	"arrived_at" bigint,
	"deleted_at" bigint,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "expected_visits_entity_id_id_pk" PRIMARY KEY("entity_id","id"),
	CONSTRAINT "expected_visits_entity_url_unique" UNIQUE("entity_id","visit_url")
);
--> statement-breakpoint
CREATE TABLE "mail_log" (
	"entity_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"to" text NOT NULL,
	"subject" text NOT NULL,
	"text" text NOT NULL,
	"html" text NOT NULL,
	"status" text NOT NULL,
	"error" text,
	"created_at" timestamp with time zone NOT NULL,
	"attempts" integer DEFAULT 1 NOT NULL,
	"retry_at" bigint,
	"attachments" jsonb,
	CONSTRAINT "mail_log_entity_id_id_pk" PRIMARY KEY("entity_id","id")
);
--> statement-breakpoint
CREATE TABLE "signing_keys" (
	"entity_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"algorithm" text DEFAULT 'Ed25519' NOT NULL,
	"public_key" text NOT NULL,
	"private_key" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "signing_keys_entity_id_id_pk" PRIMARY KEY("entity_id","id")
);
--> statement-breakpoint
CREATE TABLE "emergency_session_sites" (
	"entity_id" uuid NOT NULL,
	"session_id" uuid NOT NULL,
	"site_id" uuid NOT NULL,
	CONSTRAINT "emergency_session_sites_entity_id_session_id_site_id_pk" PRIMARY KEY("entity_id","session_id","site_id")
);
--> statement-breakpoint
CREATE TABLE "emergency_sessions" (
	"entity_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"name" text NOT NULL,
	"started_at" bigint NOT NULL,
	"started_by" uuid NOT NULL,
	"ended_at" bigint,
	"ended_by" uuid,
	"device_id" uuid,
	"mutation_id" uuid,
	"received_at" timestamp with time zone NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "emergency_sessions_entity_id_id_pk" PRIMARY KEY("entity_id","id")
);
--> statement-breakpoint
CREATE TABLE "roll_call_marks" (
	"entity_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"session_id" uuid NOT NULL,
	"person_id" uuid NOT NULL,
	"status" text NOT NULL,
	"at" bigint NOT NULL,
	"marked_by" uuid NOT NULL,
	"device_id" uuid NOT NULL,
	"settles" boolean DEFAULT false NOT NULL,
	"mutation_id" uuid,
	"received_at" timestamp with time zone NOT NULL,
	CONSTRAINT "roll_call_marks_entity_id_id_pk" PRIMARY KEY("entity_id","id")
);
--> statement-breakpoint
CREATE TABLE "user_site_access" (
	"entity_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"site_id" uuid NOT NULL,
	CONSTRAINT "user_site_access_entity_id_user_id_site_id_pk" PRIMARY KEY("entity_id","user_id","site_id")
);
--> statement-breakpoint
CREATE TABLE "rfid_enrolment_links" (
	"entity_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"code_hash" text NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"rfid" text,
	CONSTRAINT "rfid_enrolment_links_entity_id_id_pk" PRIMARY KEY("entity_id","id"),
	CONSTRAINT "rfid_enrolment_links_entity_code_unique" UNIQUE("entity_id","code_hash")
);
--> statement-breakpoint
CREATE TABLE "password_resets" (
	"entity_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"purpose" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	CONSTRAINT "password_resets_entity_id_id_pk" PRIMARY KEY("entity_id","id"),
	CONSTRAINT "password_resets_entity_token_unique" UNIQUE("entity_id","token_hash")
);
--> statement-breakpoint
CREATE TABLE "report_export_files" (
	"entity_id" uuid NOT NULL,
	"export_id" uuid NOT NULL,
	"bytes" "bytea" NOT NULL,
	CONSTRAINT "report_export_files_entity_id_export_id_pk" PRIMARY KEY("entity_id","export_id")
);
--> statement-breakpoint
CREATE TABLE "report_exports" (
	"entity_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"requested_by" uuid NOT NULL,
	"report" text NOT NULL,
	"format" text NOT NULL,
	"lang" text DEFAULT 'en' NOT NULL,
	"filters" jsonb NOT NULL,
	"status" text NOT NULL,
	"rows_done" integer DEFAULT 0 NOT NULL,
	"rows_total" integer,
	"size" bigint,
	"file_name" text,
	"error" text,
	"lease_until" bigint,
	"runner_id" uuid,
	"created_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "report_exports_entity_id_id_pk" PRIMARY KEY("entity_id","id")
);
--> statement-breakpoint
CREATE TABLE "company_logos" (
	"entity_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"mime" text NOT NULL,
	"bytes" "bytea" NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "company_logos_entity_id_id_pk" PRIMARY KEY("entity_id","id")
);
--> statement-breakpoint
CREATE TABLE "emergency_summaries" (
	"entity_id" uuid NOT NULL,
	"session_id" uuid NOT NULL,
	"counts" jsonb NOT NULL,
	"summarised_at" bigint NOT NULL,
	CONSTRAINT "emergency_summaries_entity_id_session_id_pk" PRIMARY KEY("entity_id","session_id")
);
--> statement-breakpoint
CREATE TABLE "privacy_settings" (
	"entity_id" uuid PRIMARY KEY NOT NULL,
	"data_retention_days" integer NOT NULL,
	"scans_retention_days" integer NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_by" uuid,
	"updated_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "retention_runs" (
	"entity_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"ran_at" bigint NOT NULL,
	"data_cutoff" bigint NOT NULL,
	"scans_cutoff" bigint NOT NULL,
	"removed" jsonb NOT NULL,
	"runner" text NOT NULL,
	CONSTRAINT "retention_runs_entity_id_id_pk" PRIMARY KEY("entity_id","id")
);
--> statement-breakpoint
CREATE TABLE "remote_positions" (
	"entity_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"person_id" uuid NOT NULL,
	"area_id" uuid NOT NULL,
	"event_id" uuid,
	"kind" text NOT NULL,
	"lat" double precision NOT NULL,
	"long" double precision NOT NULL,
	"accuracy" double precision,
	"distance" double precision,
	"at" bigint NOT NULL,
	CONSTRAINT "remote_positions_entity_id_id_pk" PRIMARY KEY("entity_id","id")
);
--> statement-breakpoint
CREATE TABLE "merged_people" (
	"entity_id" uuid NOT NULL,
	"old_id" uuid NOT NULL,
	"new_id" uuid NOT NULL,
	"merged_by" uuid NOT NULL,
	"merged_at" bigint NOT NULL,
	CONSTRAINT "merged_people_entity_id_old_id_pk" PRIMARY KEY("entity_id","old_id")
);
--> statement-breakpoint
CREATE TABLE "person_external_ids" (
	"entity_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"external_id" text NOT NULL,
	CONSTRAINT "person_external_ids_entity_id_user_id_pk" PRIMARY KEY("entity_id","user_id"),
	CONSTRAINT "person_external_ids_entity_external_unique" UNIQUE("entity_id","external_id")
);
--> statement-breakpoint
CREATE TABLE "user_import_rows" (
	"entity_id" uuid NOT NULL,
	"import_id" uuid NOT NULL,
	"row_no" integer NOT NULL,
	"data" jsonb NOT NULL,
	"status" text NOT NULL,
	"reason" text,
	"reason_column" text,
	"user_id" uuid,
	"photo_name" text,
	"photo" "bytea",
	"photo_status" text,
	CONSTRAINT "user_import_rows_entity_id_import_id_row_no_pk" PRIMARY KEY("entity_id","import_id","row_no")
);
--> statement-breakpoint
CREATE TABLE "user_imports" (
	"entity_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"requested_by" uuid NOT NULL,
	"file_name" text NOT NULL,
	"status" text NOT NULL,
	"rows_total" integer NOT NULL,
	"lease_until" bigint,
	"runner_id" uuid,
	"created_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "user_imports_entity_id_id_pk" PRIMARY KEY("entity_id","id")
);
--> statement-breakpoint
CREATE TABLE "two_step_secrets" (
	"entity_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"secret_enc" text NOT NULL,
	"last_step" bigint,
	"recovery_hashes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"confirmed_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "two_step_secrets_entity_id_user_id_pk" PRIMARY KEY("entity_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "one_time_logins" (
	"entity_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"purpose" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	CONSTRAINT "one_time_logins_entity_id_id_pk" PRIMARY KEY("entity_id","id"),
	CONSTRAINT "one_time_logins_entity_token_unique" UNIQUE("entity_id","token_hash")
);
--> statement-breakpoint
CREATE TABLE "sso_attempts" (
	"entity_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"state" text NOT NULL,
	"nonce" text NOT NULL,
	"code_verifier" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "sso_attempts_entity_id_id_pk" PRIMARY KEY("entity_id","id"),
	CONSTRAINT "sso_attempts_entity_state_unique" UNIQUE("entity_id","state")
);
--> statement-breakpoint
CREATE TABLE "sso_settings" (
	"entity_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"issuer_url" text NOT NULL,
	"client_id" text NOT NULL,
	"client_secret_enc" text NOT NULL,
	"email_domain" text NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "sso_settings_entity_id_id_pk" PRIMARY KEY("entity_id","id"),
	CONSTRAINT "sso_settings_entity_unique" UNIQUE("entity_id")
);
--> statement-breakpoint
CREATE TABLE "passport_accounts" (
	"id" uuid PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"password_hash" text,
	"lang" text DEFAULT 'en' NOT NULL,
	"deactivated_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "passport_accounts_email_unique" UNIQUE("email")
);
--> statement-breakpoint
CREATE TABLE "passport_invitations" (
	"entity_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"passport_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "passport_invitations_entity_id_id_pk" PRIMARY KEY("entity_id","id"),
	CONSTRAINT "passport_invitations_user_unique" UNIQUE("entity_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "integration_duplicates" (
	"entity_id" uuid NOT NULL,
	"integration_id" uuid NOT NULL,
	"external_id" text NOT NULL,
	"user_id" uuid NOT NULL,
	"run_id" uuid NOT NULL,
	"data" jsonb NOT NULL,
	CONSTRAINT "integration_duplicates_entity_id_integration_id_external_id_pk" PRIMARY KEY("entity_id","integration_id","external_id")
);
--> statement-breakpoint
CREATE TABLE "integration_logs" (
	"entity_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"integration_id" uuid NOT NULL,
	"run_id" uuid,
	"level" text NOT NULL,
	"code" text NOT NULL,
	"params" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"at" timestamp with time zone NOT NULL,
	CONSTRAINT "integration_logs_entity_id_id_pk" PRIMARY KEY("entity_id","id")
);
--> statement-breakpoint
CREATE TABLE "integration_people" (
	"entity_id" uuid NOT NULL,
	"integration_id" uuid NOT NULL,
	"external_id" text NOT NULL,
	"user_id" uuid NOT NULL,
	"removed_at" timestamp with time zone,
	"directory_type" text,
	CONSTRAINT "integration_people_entity_id_integration_id_external_id_pk" PRIMARY KEY("entity_id","integration_id","external_id"),
	CONSTRAINT "integration_people_user_unique" UNIQUE("entity_id","integration_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "integration_sync_runs" (
	"entity_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"integration_id" uuid NOT NULL,
	"status_id" integer NOT NULL,
	"full" boolean NOT NULL,
	"page_token" text,
	"created" integer DEFAULT 0 NOT NULL,
	"updated" integer DEFAULT 0 NOT NULL,
	"archived" integer DEFAULT 0 NOT NULL,
	"duplicates" integer DEFAULT 0 NOT NULL,
	"errors" integer DEFAULT 0 NOT NULL,
	"message" text,
	"lease_until" bigint,
	"started_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "integration_sync_runs_entity_id_id_pk" PRIMARY KEY("entity_id","id")
);
--> statement-breakpoint
CREATE TABLE "integrations" (
	"entity_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"status" text NOT NULL,
	"frequency" text NOT NULL,
	"auto_sync" boolean DEFAULT true NOT NULL,
	"credentials" text NOT NULL,
	"token_obtained_at" timestamp with time zone,
	"mapping" jsonb NOT NULL,
	"sites" jsonb NOT NULL,
	"groups" jsonb NOT NULL,
	"fields" jsonb NOT NULL,
	"user_type_id" uuid,
	"delta_cursor" text,
	"last_sync_at" timestamp with time zone,
	"next_sync_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "integrations_entity_id_id_pk" PRIMARY KEY("entity_id","id")
);
--> statement-breakpoint
CREATE TABLE "integration_write_back" (
	"entity_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"attendance_codes" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"attendance" boolean DEFAULT false NOT NULL,
	"comments" boolean DEFAULT false NOT NULL,
	"lease_until" bigint,
	"last_run_at" timestamp with time zone,
	"last_error" text,
	CONSTRAINT "integration_write_back_entity_id_id_pk" PRIMARY KEY("entity_id","id")
);
--> statement-breakpoint
CREATE TABLE "integration_write_back_marks" (
	"entity_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"integration_id" uuid NOT NULL,
	"external_id" text NOT NULL,
	"day" text NOT NULL,
	"session" text NOT NULL,
	"code" text NOT NULL,
	"comment" text,
	"record_id" uuid NOT NULL,
	"state" text NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "integration_write_back_marks_entity_id_id_pk" PRIMARY KEY("entity_id","id"),
	CONSTRAINT "integration_write_back_marks_slot" UNIQUE("entity_id","integration_id","external_id","day","session")
);
--> statement-breakpoint
CREATE TABLE "sync_scope_settings" (
	"entity_id" uuid PRIMARY KEY NOT NULL,
	"history_days" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sync_scopes" (
	"entity_id" uuid NOT NULL,
	"fingerprint" text NOT NULL,
	"scope" jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "sync_scopes_entity_id_fingerprint_pk" PRIMARY KEY("entity_id","fingerprint")
);
--> statement-breakpoint
CREATE TABLE "notification_acks" (
	"entity_id" uuid NOT NULL,
	"notification_id" uuid NOT NULL,
	"answer" text NOT NULL,
	"at" bigint NOT NULL,
	CONSTRAINT "notification_acks_entity_id_notification_id_pk" PRIMARY KEY("entity_id","notification_id")
);
--> statement-breakpoint
CREATE TABLE "notification_attempts" (
	"entity_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"delivery_id" uuid NOT NULL,
	"outcome" text NOT NULL,
	"provider_id" text,
	"error" text,
	"started_at" bigint NOT NULL,
	"finished_at" bigint,
	CONSTRAINT "notification_attempts_entity_id_id_pk" PRIMARY KEY("entity_id","id")
);
--> statement-breakpoint
CREATE TABLE "notification_deliveries" (
	"entity_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"notification_id" uuid NOT NULL,
	"step" integer NOT NULL,
	"channel" text NOT NULL,
	"status" text NOT NULL,
	"due_at" bigint NOT NULL,
	"lease_until" bigint,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"provider_id" text,
	"sent_at" bigint,
	"created_at" bigint NOT NULL,
	"updated_at" bigint NOT NULL,
	CONSTRAINT "notification_deliveries_entity_id_id_pk" PRIMARY KEY("entity_id","id"),
	CONSTRAINT "notification_deliveries_step_unique" UNIQUE("entity_id","notification_id","step")
);
--> statement-breakpoint
CREATE TABLE "notification_person_channels" (
	"entity_id" uuid NOT NULL,
	"person_id" uuid NOT NULL,
	"channels" jsonb NOT NULL,
	CONSTRAINT "notification_person_channels_entity_id_person_id_pk" PRIMARY KEY("entity_id","person_id")
);
--> statement-breakpoint
CREATE TABLE "notification_settings" (
	"entity_id" uuid PRIMARY KEY NOT NULL,
	"plan" jsonb NOT NULL,
	"config" jsonb NOT NULL,
	"sealed_secrets" text,
	"type_defaults" jsonb NOT NULL,
	"updated_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "watch_list_audit" (
	"entity_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"entry_id" uuid NOT NULL,
	"change" text NOT NULL,
	"actor_id" uuid NOT NULL,
	"actor_name" text NOT NULL,
	"at" bigint NOT NULL,
	"full_name" text NOT NULL,
	"fields" jsonb DEFAULT '{}'::jsonb NOT NULL,
	CONSTRAINT "watch_list_audit_entity_id_id_pk" PRIMARY KEY("entity_id","id")
);
--> statement-breakpoint
CREATE TABLE "watch_list_entries" (
	"entity_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"full_name" text NOT NULL,
	"other_names" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"date_of_birth" text,
	"email" text,
	"phone" text,
	"photo" text,
	"action" text NOT NULL,
	"site_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"expires_at" bigint,
	"added_by" uuid NOT NULL,
	"version" bigint DEFAULT 1 NOT NULL,
	"created_at" bigint NOT NULL,
	"updated_at" bigint NOT NULL,
	CONSTRAINT "watch_list_entries_entity_id_id_pk" PRIMARY KEY("entity_id","id")
);
--> statement-breakpoint
ALTER TABLE "auth_tokens" ADD CONSTRAINT "auth_tokens_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auth_tokens" ADD CONSTRAINT "auth_tokens_user_fk" FOREIGN KEY ("entity_id","user_id") REFERENCES "public"."users"("entity_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "roles" ADD CONSTRAINT "roles_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_role_fk" FOREIGN KEY ("entity_id","role_id") REFERENCES "public"."roles"("entity_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_user_type_fk" FOREIGN KEY ("entity_id","user_type_id") REFERENCES "public"."user_types"("entity_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_documents" ADD CONSTRAINT "user_documents_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_documents" ADD CONSTRAINT "user_documents_user_fk" FOREIGN KEY ("entity_id","user_id") REFERENCES "public"."users"("entity_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
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
ALTER TABLE "visit_events" ADD CONSTRAINT "visit_events_flow_fk" FOREIGN KEY ("entity_id","journey_flow_id") REFERENCES "public"."journey_flows"("entity_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visit_events" ADD CONSTRAINT "visit_events_user_type_fk" FOREIGN KEY ("entity_id","user_type_id") REFERENCES "public"."user_types"("entity_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visits" ADD CONSTRAINT "visits_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "labels" ADD CONSTRAINT "labels_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "compliance_answers" ADD CONSTRAINT "compliance_answers_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "host_notifications" ADD CONSTRAINT "host_notifications_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kiosk_logs" ADD CONSTRAINT "kiosk_logs_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kiosk_tokens" ADD CONSTRAINT "kiosk_tokens_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kiosk_tokens" ADD CONSTRAINT "kiosk_tokens_kiosk_fk" FOREIGN KEY ("entity_id","kiosk_id") REFERENCES "public"."kiosks"("entity_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kiosk_visits" ADD CONSTRAINT "kiosk_visits_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kiosk_visits" ADD CONSTRAINT "kiosk_visits_person_fk" FOREIGN KEY ("entity_id","person_id") REFERENCES "public"."users"("entity_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kiosk_visits" ADD CONSTRAINT "kiosk_visits_journey_fk" FOREIGN KEY ("entity_id","journey_id") REFERENCES "public"."journeys"("entity_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kiosk_visits" ADD CONSTRAINT "kiosk_visits_flow_fk" FOREIGN KEY ("entity_id","journey_flow_id") REFERENCES "public"."journey_flows"("entity_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kiosks" ADD CONSTRAINT "kiosks_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kiosks" ADD CONSTRAINT "kiosks_area_fk" FOREIGN KEY ("entity_id","area_id") REFERENCES "public"."areas"("entity_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visit_checks" ADD CONSTRAINT "visit_checks_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "announcements" ADD CONSTRAINT "announcements_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance_modes" ADD CONSTRAINT "attendance_modes_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "compliance_forms" ADD CONSTRAINT "compliance_forms_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "custom_fields" ADD CONSTRAINT "custom_fields_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "custom_fields" ADD CONSTRAINT "custom_fields_entity_id_section_id_sections_entity_id_id_fk" FOREIGN KEY ("entity_id","section_id") REFERENCES "public"."sections"("entity_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance_records" ADD CONSTRAINT "attendance_records_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sections" ADD CONSTRAINT "sections_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "compliance_document_files" ADD CONSTRAINT "compliance_document_files_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "compliance_document_files" ADD CONSTRAINT "compliance_document_files_document_fk" FOREIGN KEY ("entity_id","id") REFERENCES "public"."user_documents"("entity_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "compliance_document_files" ADD CONSTRAINT "compliance_document_files_form_fk" FOREIGN KEY ("entity_id","compliance_id") REFERENCES "public"."compliance_forms"("entity_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "compliance_form_versions" ADD CONSTRAINT "compliance_form_versions_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "compliance_form_versions" ADD CONSTRAINT "compliance_form_versions_form_fk" FOREIGN KEY ("entity_id","form_id") REFERENCES "public"."compliance_forms"("entity_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kiosk_commands" ADD CONSTRAINT "kiosk_commands_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kiosk_commands" ADD CONSTRAINT "kiosk_commands_kiosk_fk" FOREIGN KEY ("entity_id","kiosk_id") REFERENCES "public"."kiosks"("entity_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kiosk_pairing_codes" ADD CONSTRAINT "kiosk_pairing_codes_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kiosk_pairing_codes" ADD CONSTRAINT "kiosk_pairing_codes_area_fk" FOREIGN KEY ("entity_id","area_id") REFERENCES "public"."areas"("entity_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "admin_scopes" ADD CONSTRAINT "admin_scopes_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "admin_scopes" ADD CONSTRAINT "admin_scopes_user_fk" FOREIGN KEY ("entity_id","user_id") REFERENCES "public"."users"("entity_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grid_preferences" ADD CONSTRAINT "grid_preferences_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grid_preferences" ADD CONSTRAINT "grid_preferences_employee_fk" FOREIGN KEY ("entity_id","employee_id") REFERENCES "public"."users"("entity_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_cards" ADD CONSTRAINT "user_cards_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_cards" ADD CONSTRAINT "user_cards_user_fk" FOREIGN KEY ("entity_id","user_id") REFERENCES "public"."users"("entity_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_photos" ADD CONSTRAINT "user_photos_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_photos" ADD CONSTRAINT "user_photos_user_fk" FOREIGN KEY ("entity_id","user_id") REFERENCES "public"."users"("entity_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expected_visits" ADD CONSTRAINT "expected_visits_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expected_visits" ADD CONSTRAINT "expected_visits_person_fk" FOREIGN KEY ("entity_id","person_id") REFERENCES "public"."users"("entity_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expected_visits" ADD CONSTRAINT "expected_visits_host_fk" FOREIGN KEY ("entity_id","host_id") REFERENCES "public"."users"("entity_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expected_visits" ADD CONSTRAINT "expected_visits_area_fk" FOREIGN KEY ("entity_id","area_id") REFERENCES "public"."areas"("entity_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expected_visits" ADD CONSTRAINT "expected_visits_flow_fk" FOREIGN KEY ("entity_id","journey_flow_id") REFERENCES "public"."journey_flows"("entity_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expected_visits" ADD CONSTRAINT "expected_visits_user_type_fk" FOREIGN KEY ("entity_id","user_type_id") REFERENCES "public"."user_types"("entity_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_log" ADD CONSTRAINT "mail_log_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signing_keys" ADD CONSTRAINT "signing_keys_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "emergency_session_sites" ADD CONSTRAINT "emergency_session_sites_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "emergency_session_sites" ADD CONSTRAINT "emergency_session_sites_session_fk" FOREIGN KEY ("entity_id","session_id") REFERENCES "public"."emergency_sessions"("entity_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "emergency_session_sites" ADD CONSTRAINT "emergency_session_sites_site_fk" FOREIGN KEY ("entity_id","site_id") REFERENCES "public"."sites"("entity_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "emergency_sessions" ADD CONSTRAINT "emergency_sessions_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "roll_call_marks" ADD CONSTRAINT "roll_call_marks_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "roll_call_marks" ADD CONSTRAINT "roll_call_marks_session_fk" FOREIGN KEY ("entity_id","session_id") REFERENCES "public"."emergency_sessions"("entity_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "roll_call_marks" ADD CONSTRAINT "roll_call_marks_person_fk" FOREIGN KEY ("entity_id","person_id") REFERENCES "public"."users"("entity_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_site_access" ADD CONSTRAINT "user_site_access_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_site_access" ADD CONSTRAINT "user_site_access_user_fk" FOREIGN KEY ("entity_id","user_id") REFERENCES "public"."users"("entity_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_site_access" ADD CONSTRAINT "user_site_access_site_fk" FOREIGN KEY ("entity_id","site_id") REFERENCES "public"."sites"("entity_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rfid_enrolment_links" ADD CONSTRAINT "rfid_enrolment_links_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rfid_enrolment_links" ADD CONSTRAINT "rfid_enrolment_links_user_fk" FOREIGN KEY ("entity_id","user_id") REFERENCES "public"."users"("entity_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "password_resets" ADD CONSTRAINT "password_resets_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "password_resets" ADD CONSTRAINT "password_resets_user_fk" FOREIGN KEY ("entity_id","user_id") REFERENCES "public"."users"("entity_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_export_files" ADD CONSTRAINT "report_export_files_export_fk" FOREIGN KEY ("entity_id","export_id") REFERENCES "public"."report_exports"("entity_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_exports" ADD CONSTRAINT "report_exports_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_exports" ADD CONSTRAINT "report_exports_requested_by_fk" FOREIGN KEY ("entity_id","requested_by") REFERENCES "public"."users"("entity_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_logos" ADD CONSTRAINT "company_logos_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "emergency_summaries" ADD CONSTRAINT "emergency_summaries_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "privacy_settings" ADD CONSTRAINT "privacy_settings_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "retention_runs" ADD CONSTRAINT "retention_runs_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "remote_positions" ADD CONSTRAINT "remote_positions_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "remote_positions" ADD CONSTRAINT "remote_positions_person_fk" FOREIGN KEY ("entity_id","person_id") REFERENCES "public"."users"("entity_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "remote_positions" ADD CONSTRAINT "remote_positions_area_fk" FOREIGN KEY ("entity_id","area_id") REFERENCES "public"."areas"("entity_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merged_people" ADD CONSTRAINT "merged_people_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "person_external_ids" ADD CONSTRAINT "person_external_ids_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "person_external_ids" ADD CONSTRAINT "person_external_ids_user_fk" FOREIGN KEY ("entity_id","user_id") REFERENCES "public"."users"("entity_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_import_rows" ADD CONSTRAINT "user_import_rows_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_import_rows" ADD CONSTRAINT "user_import_rows_import_fk" FOREIGN KEY ("entity_id","import_id") REFERENCES "public"."user_imports"("entity_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_imports" ADD CONSTRAINT "user_imports_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_imports" ADD CONSTRAINT "user_imports_requested_by_fk" FOREIGN KEY ("entity_id","requested_by") REFERENCES "public"."users"("entity_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "two_step_secrets" ADD CONSTRAINT "two_step_secrets_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "two_step_secrets" ADD CONSTRAINT "two_step_secrets_user_fk" FOREIGN KEY ("entity_id","user_id") REFERENCES "public"."users"("entity_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "one_time_logins" ADD CONSTRAINT "one_time_logins_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "one_time_logins" ADD CONSTRAINT "one_time_logins_user_fk" FOREIGN KEY ("entity_id","user_id") REFERENCES "public"."users"("entity_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sso_attempts" ADD CONSTRAINT "sso_attempts_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sso_settings" ADD CONSTRAINT "sso_settings_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "passport_invitations" ADD CONSTRAINT "passport_invitations_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "passport_invitations" ADD CONSTRAINT "passport_invitations_passport_id_passport_accounts_id_fk" FOREIGN KEY ("passport_id") REFERENCES "public"."passport_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "passport_invitations" ADD CONSTRAINT "passport_invitations_user_fk" FOREIGN KEY ("entity_id","user_id") REFERENCES "public"."users"("entity_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "integration_duplicates" ADD CONSTRAINT "integration_duplicates_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "integration_duplicates" ADD CONSTRAINT "integration_duplicates_integration_fk" FOREIGN KEY ("entity_id","integration_id") REFERENCES "public"."integrations"("entity_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "integration_duplicates" ADD CONSTRAINT "integration_duplicates_user_fk" FOREIGN KEY ("entity_id","user_id") REFERENCES "public"."users"("entity_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "integration_logs" ADD CONSTRAINT "integration_logs_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "integration_logs" ADD CONSTRAINT "integration_logs_integration_fk" FOREIGN KEY ("entity_id","integration_id") REFERENCES "public"."integrations"("entity_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "integration_people" ADD CONSTRAINT "integration_people_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "integration_people" ADD CONSTRAINT "integration_people_integration_fk" FOREIGN KEY ("entity_id","integration_id") REFERENCES "public"."integrations"("entity_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "integration_people" ADD CONSTRAINT "integration_people_user_fk" FOREIGN KEY ("entity_id","user_id") REFERENCES "public"."users"("entity_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "integration_sync_runs" ADD CONSTRAINT "integration_sync_runs_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "integration_sync_runs" ADD CONSTRAINT "integration_sync_runs_integration_fk" FOREIGN KEY ("entity_id","integration_id") REFERENCES "public"."integrations"("entity_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "integrations" ADD CONSTRAINT "integrations_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "integration_write_back" ADD CONSTRAINT "integration_write_back_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "integration_write_back" ADD CONSTRAINT "integration_write_back_integration_fk" FOREIGN KEY ("entity_id","id") REFERENCES "public"."integrations"("entity_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "integration_write_back_marks" ADD CONSTRAINT "integration_write_back_marks_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "integration_write_back_marks" ADD CONSTRAINT "integration_write_back_marks_integration_fk" FOREIGN KEY ("entity_id","integration_id") REFERENCES "public"."integrations"("entity_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sync_scope_settings" ADD CONSTRAINT "sync_scope_settings_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sync_scopes" ADD CONSTRAINT "sync_scopes_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_acks" ADD CONSTRAINT "notification_acks_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_acks" ADD CONSTRAINT "notification_acks_notification_fk" FOREIGN KEY ("entity_id","notification_id") REFERENCES "public"."host_notifications"("entity_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_attempts" ADD CONSTRAINT "notification_attempts_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_attempts" ADD CONSTRAINT "notification_attempts_delivery_fk" FOREIGN KEY ("entity_id","delivery_id") REFERENCES "public"."notification_deliveries"("entity_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_deliveries" ADD CONSTRAINT "notification_deliveries_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_deliveries" ADD CONSTRAINT "notification_deliveries_notification_fk" FOREIGN KEY ("entity_id","notification_id") REFERENCES "public"."host_notifications"("entity_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_person_channels" ADD CONSTRAINT "notification_person_channels_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_person_channels" ADD CONSTRAINT "notification_person_channels_person_fk" FOREIGN KEY ("entity_id","person_id") REFERENCES "public"."users"("entity_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_settings" ADD CONSTRAINT "notification_settings_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "watch_list_audit" ADD CONSTRAINT "watch_list_audit_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "watch_list_entries" ADD CONSTRAINT "watch_list_entries_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "auth_tokens_user_idx" ON "auth_tokens" USING btree ("entity_id","user_id");--> statement-breakpoint
CREATE INDEX "login_attempts_key_time_idx" ON "login_attempts" USING btree ("account_key","attempted_at");--> statement-breakpoint
CREATE INDEX "users_email_idx" ON "users" USING btree ("email");--> statement-breakpoint
CREATE INDEX "users_entity_name_idx" ON "users" USING btree ("entity_id","full_name","id");--> statement-breakpoint
CREATE INDEX "users_search_trgm_idx" ON "users" USING gin ((full_name || ' ' || email || ' ' || coalesce(phone, '')) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_name_trgm_idx" ON "users" USING gin (lower(full_name) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_entity_lower_name_idx" ON "users" USING btree ("entity_id",lower("full_name"));--> statement-breakpoint
CREATE INDEX "users_entity_archived_type_idx" ON "users" USING btree ("entity_id","archived","user_type_id");--> statement-breakpoint
CREATE INDEX "user_documents_user_idx" ON "user_documents" USING btree ("entity_id","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "journey_flows_name_live_unique" ON "journey_flows" USING btree ("entity_id","journey_id","name") WHERE "journey_flows"."deleted_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "journeys_entity_name_live_unique" ON "journeys" USING btree ("entity_id","name") WHERE "journeys"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "mutation_log_rejected_idx" ON "mutation_log" USING btree ("entity_id","device_id","seq") WHERE "mutation_log"."status" = 'rejected';--> statement-breakpoint
CREATE INDEX "sync_changes_seq_idx" ON "sync_changes" USING btree ("entity_id","seq");--> statement-breakpoint
CREATE INDEX "visit_events_person_at_idx" ON "visit_events" USING btree ("entity_id","person_id","at");--> statement-breakpoint
CREATE INDEX "visit_events_entity_at_idx" ON "visit_events" USING btree ("entity_id","at");--> statement-breakpoint
CREATE INDEX "visits_entity_time_in_idx" ON "visits" USING btree ("entity_id","time_in","user_type_id","area_id","person_id");--> statement-breakpoint
CREATE INDEX "visits_entity_person_time_in_idx" ON "visits" USING btree ("entity_id","person_id","time_in");--> statement-breakpoint
CREATE INDEX "visits_untyped_idx" ON "visits" USING btree ("entity_id","time_in","person_id","area_id") WHERE "visits"."user_type_id" is null;--> statement-breakpoint
CREATE INDEX "compliance_answers_person_idx" ON "compliance_answers" USING btree ("entity_id","person_id","compliance_id","at");--> statement-breakpoint
CREATE INDEX "host_notifications_status_idx" ON "host_notifications" USING btree ("mail_status","entity_id");--> statement-breakpoint
CREATE INDEX "kiosk_logs_kiosk_at_idx" ON "kiosk_logs" USING btree ("entity_id","kiosk_id","at");--> statement-breakpoint
CREATE INDEX "kiosk_visits_at_idx" ON "kiosk_visits" USING btree ("entity_id","at");--> statement-breakpoint
CREATE INDEX "attendance_records_person_at" ON "attendance_records" USING btree ("entity_id","person_id","at");--> statement-breakpoint
CREATE INDEX "kiosk_commands_kiosk_status_idx" ON "kiosk_commands" USING btree ("entity_id","kiosk_id","status");--> statement-breakpoint
CREATE INDEX "kiosk_pairing_codes_code_idx" ON "kiosk_pairing_codes" USING btree ("code_hash");--> statement-breakpoint
CREATE INDEX "expected_visits_url_idx" ON "expected_visits" USING btree ("visit_url");--> statement-breakpoint
CREATE INDEX "expected_visits_hold_idx" ON "expected_visits" USING btree ("hold_hash");--> statement-breakpoint
CREATE INDEX "expected_visits_entity_at_idx" ON "expected_visits" USING btree ("entity_id","visit_at");--> statement-breakpoint
CREATE INDEX "mail_log_entity_time_idx" ON "mail_log" USING btree ("entity_id","created_at");--> statement-breakpoint
CREATE INDEX "mail_log_retry_idx" ON "mail_log" USING btree ("status","retry_at");--> statement-breakpoint
CREATE INDEX "emergency_sessions_started_idx" ON "emergency_sessions" USING btree ("entity_id","started_at");--> statement-breakpoint
CREATE INDEX "roll_call_marks_session_idx" ON "roll_call_marks" USING btree ("entity_id","session_id");--> statement-breakpoint
CREATE INDEX "rfid_enrolment_links_code_idx" ON "rfid_enrolment_links" USING btree ("code_hash");--> statement-breakpoint
CREATE INDEX "rfid_enrolment_links_user_idx" ON "rfid_enrolment_links" USING btree ("entity_id","user_id");--> statement-breakpoint
CREATE INDEX "password_resets_token_idx" ON "password_resets" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "password_resets_user_idx" ON "password_resets" USING btree ("entity_id","user_id");--> statement-breakpoint
CREATE INDEX "report_exports_entity_status_idx" ON "report_exports" USING btree ("entity_id","status","created_at");--> statement-breakpoint
CREATE INDEX "remote_positions_at_idx" ON "remote_positions" USING btree ("entity_id","at");--> statement-breakpoint
CREATE INDEX "merged_people_new_idx" ON "merged_people" USING btree ("entity_id","new_id");--> statement-breakpoint
CREATE INDEX "user_imports_entity_status_idx" ON "user_imports" USING btree ("entity_id","status","created_at");--> statement-breakpoint
CREATE INDEX "one_time_logins_token_idx" ON "one_time_logins" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "sso_attempts_state_idx" ON "sso_attempts" USING btree ("state");--> statement-breakpoint
CREATE INDEX "sso_settings_domain_idx" ON "sso_settings" USING btree ("email_domain");--> statement-breakpoint
CREATE INDEX "passport_invitations_passport_idx" ON "passport_invitations" USING btree ("passport_id");--> statement-breakpoint
CREATE INDEX "integration_logs_integration_idx" ON "integration_logs" USING btree ("entity_id","integration_id","at");--> statement-breakpoint
CREATE INDEX "integration_sync_runs_latest_idx" ON "integration_sync_runs" USING btree ("entity_id","integration_id","started_at");--> statement-breakpoint
CREATE INDEX "integrations_due_idx" ON "integrations" USING btree ("next_sync_at");--> statement-breakpoint
CREATE INDEX "notification_attempts_delivery_idx" ON "notification_attempts" USING btree ("entity_id","delivery_id");--> statement-breakpoint
CREATE INDEX "notification_deliveries_due_idx" ON "notification_deliveries" USING btree ("status","due_at");--> statement-breakpoint
CREATE INDEX "watch_list_audit_entry_idx" ON "watch_list_audit" USING btree ("entity_id","entry_id","at");--> statement-breakpoint
CREATE INDEX "watch_list_entries_expiry_idx" ON "watch_list_entries" USING btree ("entity_id","expires_at");