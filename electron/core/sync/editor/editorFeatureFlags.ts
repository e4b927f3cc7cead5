/*
 * The feature flags a Label Studio page gives its editor (`window.APP_SETTINGS.feature_flags`).
 * The editor reads them to choose between old and new behaviour: the labeling panels' layout,
 * relative coordinates, text sanitizing, taxonomy search, hotkeys across objects. A Community
 * Edition server takes them from a fixed list in its own package (`core/feature_flags/
 * stale_feature_flags.py`, every other flag off) and serves them only inside its signed-in pages,
 * never through the token API, so Outpost keeps that list per release. A server that overrides
 * flags by environment variables is not seen; flags not listed here are off, as on the server.
 */

/** Label Studio 1.22's list: the flags its pages turn on or off. */
const FLAGS_1_22: Readonly<Record<string, boolean>> = {
  fflag_feat_front_optic_66_lazy_chart_evaluation_19092023_short: false,
  fflag_fix_front_lsdv_4600_lead_time_27072023_short: false,
  ff_back_dev_4664_remove_storage_file_on_export_delete_29032023_short: false,
  fflag_feat_front_dev_3873_labeling_ui_improvements_short: true,
  fflag_feat_back_dev_3756_queue_enrollment_min_short: false,
  fflag_fix_front_lsdv_4620_memory_leaks_100723_short: false,
  fflag_fix_all_lsdv_4971_async_reimport_09052023_short: true,
  feat_all_optic_71_dashboard_multiple_labeling_group_support_v1_01092023_short: true,
  fflag_feat_front_prod_281_project_list_search_19072023_short: true,
  fflag_feat_all_lsdv_e_295_project_level_roles_via_saml_scim_ldap_short: true,
  ff_back_2884_comments_notifications_02092022_short: true,
  ff_back_DEV_1711_review_queue_140222_short: true,
  ff_front_dev_1480_created_on_in_review_180122_short: true,
  fflag_fix_front_leap_32_zoom_perf_190923_short: true,
  fflag_feat_front_lsdv_5452_taxonomy_labeling_110823_short: true,
  fflag_fix_front_dev_3793_relative_coords_short: true,
  fflag_feature_all_optic_1421_cold_start_v2: false,
  fflag_fix_back_optic_1407_optimize_tasks_api_pagination_counts: true,
  fflag_fix_optic_1259_lse_projects_read_apis_use_replica_short: true,
  fflag_feat_optic_1025_zendesk_widget_integration: false,
  fflag_feat_all_optic_991_dashboard_v2_short: true,
  fflag_feat_optic_378_limit_projects_per_page_to_ten_short: true,
  fflag_feat_optic_67_drag_and_drop_charts: true,
  fflag_feat_all_dia_1576_prompts_easy_breezy_onboarding_short_async_presets_ks: false,
  fflag_front_dia_1150_ddisco_sneak_preview: false,
  fflag_feat_front_leap_1198_unsaved_changes_180724: true,
  fflag_fix_leap_246_multi_object_hotkeys_160124_short: true,
  fflag_fix_leap_466_text_sanitization: true,
  fflag_fix_front_leap_218_improve_performance_of_taxonomy_search_short: true,
};

/** The flags a server of this release gives its editor; none known (all off) for other releases. */
export function editorFeatureFlags(release: string): Record<string, boolean> {
  return /^1\.22\./.test(release) ? { ...FLAGS_1_22 } : {};
}
