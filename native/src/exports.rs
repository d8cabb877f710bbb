//! Every function the library exports, once: name, arguments, and the Rust function that does the
//! work (`crate::ffi::exports!` generates the C function, behind `catch_unwind`, and the line of
//! `yz_exports` that describes it). To export a new function: write it as a plain `pub fn`
//! returning i64 in its game's module and add its line here; the Python side binds it with
//! `yezi.native.abi.bind`, which checks it against this table.

use std::sync::OnceLock;

crate::ffi::exports! {
    // the library itself
    yz_abi_version() => crate::abi_version;
    yz_exports(out: *mut u8, cap: i64) => write_exports;
    yz_last_panic(out: *mut u8, cap: i64) => crate::ffi::last_panic;
    yz_rng_selftest(seed: u64) => crate::rng_selftest;
    yz_test_panic(code: i64) => crate::ffi::test_panic;
    yz_vec_free(state: *mut i64) => crate::vecrows::free;

    // dominoes
    yz_dingniu_heuristic_choice(opts: *const i64, nopts: i64, deal: *const i64, ndeal: i64, hist: *const i64, nhist: i64, seed: u64, noise: i64) => crate::dominoes::dingniu::yz_dingniu_heuristic_choice;
    yz_dingniu_playout(opts: *const i64, nopts: i64, deal: *const i64, ndeal: i64, hist: *const i64, nhist: i64, policy: i64, seed: u64, n: i64, out: *mut i64) => crate::dominoes::dingniu::yz_dingniu_playout;
    yz_dingniu_random_playouts(opts: *const i64, nopts: i64, seed: u64, n: i64, out_totals: *mut i64) => crate::dominoes::dingniu::yz_dingniu_random_playouts;
    yz_dingniu_trace(opts: *const i64, nopts: i64, deal: *const i64, ndeal: i64, seed: u64, out: *mut i64, cap: i64) => crate::dominoes::dingniu::yz_dingniu_trace;
    yz_dingniu_vec_obs_size(opts: *const i64, nopts: i64, kind: i64) => crate::dominoes::dingniu::yz_dingniu_vec_obs_size;
    yz_dingniu_vec_reset(opts: *const i64, nopts: i64, state: *mut i64, n: i64, seed: u64, kind: i64, obs: *mut f32, obs_size: i64, mask: *mut u8, n_actions: i64, player: *mut i64, settled: *mut i64, over: *mut i64) => crate::dominoes::dingniu::yz_dingniu_vec_reset;
    yz_dingniu_vec_row(opts: *const i64, nopts: i64, state: *const i64, n: i64, row: i64, out: *mut i64, cap: i64) => crate::dominoes::dingniu::yz_dingniu_vec_row;
    yz_dingniu_vec_rows_info(opts: *const i64, nopts: i64, what: i64) => crate::dominoes::dingniu::yz_dingniu_vec_rows_info;
    yz_dingniu_vec_rows_reset(opts: *const i64, nopts: i64, state: *mut i64, n: i64, seed: u64, kind: i64, dtype: i64, obs: *mut u8, obs_size: i64, mask: *mut u8, n_actions: i64, nlegal: *mut i64, legal: *mut i16, list_cap: i64, player: *mut i64, settled: *mut i64, over: *mut i64) => crate::dominoes::dingniu::yz_dingniu_vec_rows_reset;
    yz_dingniu_vec_rows_step(opts: *const i64, nopts: i64, state: *mut i64, n: i64, actions: *const i64, kind: i64, dtype: i64, obs: *mut u8, obs_size: i64, mask: *mut u8, n_actions: i64, nlegal: *mut i64, legal: *mut i16, list_cap: i64, player: *mut i64, rewards: *mut i64, terminated: *mut u8, final_obs: *mut u8, final_seat: *mut i64, settled: *mut i64, over: *mut i64) => crate::dominoes::dingniu::yz_dingniu_vec_rows_step;
    yz_dingniu_vec_sync(opts: *const i64, nopts: i64, state: *mut i64, n: i64) => crate::dominoes::dingniu::yz_dingniu_vec_sync;
    yz_dingniu_vec_state_words(opts: *const i64, nopts: i64) => crate::dominoes::dingniu::yz_dingniu_vec_state_words;
    yz_dingniu_vec_step(opts: *const i64, nopts: i64, state: *mut i64, n: i64, actions: *mut i64, kind: i64, obs: *mut f32, obs_size: i64, mask: *mut u8, n_actions: i64, player: *mut i64, rewards: *mut i64, terminated: *mut u8, final_obs: *mut f32, final_seat: *mut i64, settled: *mut i64, over: *mut i64) => crate::dominoes::dingniu::yz_dingniu_vec_step;
    yz_jielong_heuristic_choice(opts: *const i64, nopts: i64, deal: *const i64, ndeal: i64, hist: *const i64, nhist: i64, seed: u64, noise: i64) => crate::dominoes::jielong::yz_jielong_heuristic_choice;
    yz_jielong_playout(opts: *const i64, nopts: i64, deal: *const i64, ndeal: i64, hist: *const i64, nhist: i64, policy: i64, seed: u64, n: i64, out: *mut i64) => crate::dominoes::jielong::yz_jielong_playout;
    yz_jielong_random_playouts(opts: *const i64, nopts: i64, seed: u64, n: i64, out_totals: *mut i64) => crate::dominoes::jielong::yz_jielong_random_playouts;
    yz_jielong_trace(opts: *const i64, nopts: i64, deal: *const i64, ndeal: i64, seed: u64, out: *mut i64, cap: i64) => crate::dominoes::jielong::yz_jielong_trace;
    yz_jielong_vec_obs_size(opts: *const i64, nopts: i64, kind: i64) => crate::dominoes::jielong::yz_jielong_vec_obs_size;
    yz_jielong_vec_reset(opts: *const i64, nopts: i64, state: *mut i64, n: i64, seed: u64, kind: i64, obs: *mut f32, obs_size: i64, mask: *mut u8, n_actions: i64, player: *mut i64, settled: *mut i64, over: *mut i64) => crate::dominoes::jielong::yz_jielong_vec_reset;
    yz_jielong_vec_row(opts: *const i64, nopts: i64, state: *const i64, n: i64, row: i64, out: *mut i64, cap: i64) => crate::dominoes::jielong::yz_jielong_vec_row;
    yz_jielong_vec_rows_info(opts: *const i64, nopts: i64, what: i64) => crate::dominoes::jielong::yz_jielong_vec_rows_info;
    yz_jielong_vec_rows_reset(opts: *const i64, nopts: i64, state: *mut i64, n: i64, seed: u64, kind: i64, dtype: i64, obs: *mut u8, obs_size: i64, mask: *mut u8, n_actions: i64, nlegal: *mut i64, legal: *mut i16, list_cap: i64, player: *mut i64, settled: *mut i64, over: *mut i64) => crate::dominoes::jielong::yz_jielong_vec_rows_reset;
    yz_jielong_vec_rows_step(opts: *const i64, nopts: i64, state: *mut i64, n: i64, actions: *const i64, kind: i64, dtype: i64, obs: *mut u8, obs_size: i64, mask: *mut u8, n_actions: i64, nlegal: *mut i64, legal: *mut i16, list_cap: i64, player: *mut i64, rewards: *mut i64, terminated: *mut u8, final_obs: *mut u8, final_seat: *mut i64, settled: *mut i64, over: *mut i64) => crate::dominoes::jielong::yz_jielong_vec_rows_step;
    yz_jielong_vec_sync(opts: *const i64, nopts: i64, state: *mut i64, n: i64) => crate::dominoes::jielong::yz_jielong_vec_sync;
    yz_jielong_vec_state_words(opts: *const i64, nopts: i64) => crate::dominoes::jielong::yz_jielong_vec_state_words;
    yz_jielong_vec_step(opts: *const i64, nopts: i64, state: *mut i64, n: i64, actions: *mut i64, kind: i64, obs: *mut f32, obs_size: i64, mask: *mut u8, n_actions: i64, player: *mut i64, rewards: *mut i64, terminated: *mut u8, final_obs: *mut f32, final_seat: *mut i64, settled: *mut i64, over: *mut i64) => crate::dominoes::jielong::yz_jielong_vec_step;
    yz_tseding_heuristic_choice(opts: *const i64, nopts: i64, deal: *const i64, ndeal: i64, hist: *const i64, nhist: i64, seed: u64, noise: i64) => crate::dominoes::tseding::yz_tseding_heuristic_choice;
    yz_tseding_playout(opts: *const i64, nopts: i64, deal: *const i64, ndeal: i64, hist: *const i64, nhist: i64, policy: i64, seed: u64, n: i64, out: *mut i64) => crate::dominoes::tseding::yz_tseding_playout;
    yz_tseding_random_playouts(opts: *const i64, nopts: i64, seed: u64, n: i64, out_totals: *mut i64) => crate::dominoes::tseding::yz_tseding_random_playouts;
    yz_tseding_trace(opts: *const i64, nopts: i64, deal: *const i64, ndeal: i64, seed: u64, out: *mut i64, cap: i64) => crate::dominoes::tseding::yz_tseding_trace;
    yz_tseding_vec_obs_size(opts: *const i64, nopts: i64, kind: i64) => crate::dominoes::tseding::yz_tseding_vec_obs_size;
    yz_tseding_vec_reset(opts: *const i64, nopts: i64, state: *mut i64, n: i64, seed: u64, kind: i64, obs: *mut f32, obs_size: i64, mask: *mut u8, n_actions: i64, player: *mut i64, settled: *mut i64, over: *mut i64) => crate::dominoes::tseding::yz_tseding_vec_reset;
    yz_tseding_vec_row(opts: *const i64, nopts: i64, state: *const i64, n: i64, row: i64, out: *mut i64, cap: i64) => crate::dominoes::tseding::yz_tseding_vec_row;
    yz_tseding_vec_rows_info(opts: *const i64, nopts: i64, what: i64) => crate::dominoes::tseding::yz_tseding_vec_rows_info;
    yz_tseding_vec_rows_reset(opts: *const i64, nopts: i64, state: *mut i64, n: i64, seed: u64, kind: i64, dtype: i64, obs: *mut u8, obs_size: i64, mask: *mut u8, n_actions: i64, nlegal: *mut i64, legal: *mut i16, list_cap: i64, player: *mut i64, settled: *mut i64, over: *mut i64) => crate::dominoes::tseding::yz_tseding_vec_rows_reset;
    yz_tseding_vec_rows_step(opts: *const i64, nopts: i64, state: *mut i64, n: i64, actions: *const i64, kind: i64, dtype: i64, obs: *mut u8, obs_size: i64, mask: *mut u8, n_actions: i64, nlegal: *mut i64, legal: *mut i16, list_cap: i64, player: *mut i64, rewards: *mut i64, terminated: *mut u8, final_obs: *mut u8, final_seat: *mut i64, settled: *mut i64, over: *mut i64) => crate::dominoes::tseding::yz_tseding_vec_rows_step;
    yz_tseding_vec_sync(opts: *const i64, nopts: i64, state: *mut i64, n: i64) => crate::dominoes::tseding::yz_tseding_vec_sync;
    yz_tseding_vec_state_words(opts: *const i64, nopts: i64) => crate::dominoes::tseding::yz_tseding_vec_state_words;
    yz_tseding_vec_step(opts: *const i64, nopts: i64, state: *mut i64, n: i64, actions: *mut i64, kind: i64, obs: *mut f32, obs_size: i64, mask: *mut u8, n_actions: i64, player: *mut i64, rewards: *mut i64, terminated: *mut u8, final_obs: *mut f32, final_seat: *mut i64, settled: *mut i64, over: *mut i64) => crate::dominoes::tseding::yz_tseding_vec_step;

    // fishing
    yz_fishing_heuristic_choice(opts: *const i64, nopts: i64, deal: *const i64, ndeal: i64, hist: *const i64, nhist: i64) => crate::fishing::yz_fishing_heuristic_choice;
    yz_fishing_playout(opts: *const i64, nopts: i64, deal: *const i64, ndeal: i64, hist: *const i64, nhist: i64, policy: i64, seed: u64, n: i64, out: *mut i64) => crate::fishing::yz_fishing_playout;
    yz_fishing_random_playouts(opts: *const i64, nopts: i64, seed: u64, n: i64, out_totals: *mut i64) => crate::fishing::yz_fishing_random_playouts;
    yz_fishing_settle(opts: *const i64, nopts: i64, catches: *const i64, ncatches: i64, out: *mut i64) => crate::fishing::yz_fishing_settle;
    yz_fishing_trace(opts: *const i64, nopts: i64, deal: *const i64, ndeal: i64, seed: u64, out: *mut i64, cap: i64) => crate::fishing::yz_fishing_trace;
    yz_fishing_vec_obs_size(opts: *const i64, nopts: i64, kind: i64) => crate::fishing::vector::yz_fishing_vec_obs_size;
    yz_fishing_vec_reset(opts: *const i64, nopts: i64, state: *mut i64, n: i64, seed: u64, kind: i64, obs: *mut f32, obs_size: i64, mask: *mut u8, n_actions: i64, player: *mut i64, settled: *mut i64, over: *mut i64) => crate::fishing::vector::yz_fishing_vec_reset;
    yz_fishing_vec_row(opts: *const i64, nopts: i64, state: *const i64, n: i64, row: i64, out: *mut i64, cap: i64) => crate::fishing::vector::yz_fishing_vec_row;
    yz_fishing_vec_rows_info(opts: *const i64, nopts: i64, what: i64) => crate::fishing::vector::yz_fishing_vec_rows_info;
    yz_fishing_vec_rows_reset(opts: *const i64, nopts: i64, state: *mut i64, n: i64, seed: u64, kind: i64, dtype: i64, obs: *mut u8, obs_size: i64, mask: *mut u8, n_actions: i64, nlegal: *mut i64, legal: *mut i16, list_cap: i64, player: *mut i64, settled: *mut i64, over: *mut i64) => crate::fishing::vector::yz_fishing_vec_rows_reset;
    yz_fishing_vec_rows_step(opts: *const i64, nopts: i64, state: *mut i64, n: i64, actions: *const i64, kind: i64, dtype: i64, obs: *mut u8, obs_size: i64, mask: *mut u8, n_actions: i64, nlegal: *mut i64, legal: *mut i16, list_cap: i64, player: *mut i64, rewards: *mut i64, terminated: *mut u8, final_obs: *mut u8, final_seat: *mut i64, settled: *mut i64, over: *mut i64) => crate::fishing::vector::yz_fishing_vec_rows_step;
    yz_fishing_vec_sync(opts: *const i64, nopts: i64, state: *mut i64, n: i64) => crate::fishing::vector::yz_fishing_vec_sync;
    yz_fishing_vec_state_words(opts: *const i64, nopts: i64) => crate::fishing::vector::yz_fishing_vec_state_words;
    yz_fishing_vec_step(opts: *const i64, nopts: i64, state: *mut i64, n: i64, actions: *mut i64, kind: i64, obs: *mut f32, obs_size: i64, mask: *mut u8, n_actions: i64, player: *mut i64, rewards: *mut i64, terminated: *mut u8, final_obs: *mut f32, final_seat: *mut i64, settled: *mut i64, over: *mut i64) => crate::fishing::vector::yz_fishing_vec_step;

    // lukfu
    yz_lukfu_batch_deal(opts: *const i64, nopts: i64, states: *mut i64, n: i64, rows: *const i64, seeds: *const u64, nrows: i64) => crate::lukfu::yz_lukfu_batch_deal;
    yz_lukfu_batch_deal_python(opts: *const i64, nopts: i64, states: *mut i64, n: i64, rows: *const i64, seeds: *const u64, nrows: i64) => crate::lukfu::yz_lukfu_batch_deal_python;
    yz_lukfu_batch_legal(opts: *const i64, nopts: i64, states: *mut i64, n: i64, mask: *mut u8, player: *mut i64) => crate::lukfu::yz_lukfu_batch_legal;
    yz_lukfu_batch_step(opts: *const i64, nopts: i64, states: *mut i64, n: i64, actions: *const i64, pay: *mut i64, done: *mut u8, mask: *mut u8, player: *mut i64, obs: *mut f32, obs_cap: i64) => crate::lukfu::yz_lukfu_batch_step;
    yz_lukfu_batch_step_reset(opts: *const i64, nopts: i64, states: *mut i64, n: i64, actions: *const i64, pay: *mut i64, done: *mut u8, mask: *mut u8, player: *mut i64, obs: *mut f32, obs_cap: i64, final_obs: *mut f32, final_seat: *mut i64, next_seeds: *const u64) => crate::lukfu::yz_lukfu_batch_step_reset;
    yz_lukfu_deduce_stats(opts: *const i64, nopts: i64, seed: u64, n: i64, out: *mut i64) => crate::lukfu::yz_lukfu_deduce_stats;
    yz_lukfu_deduce_check(opts: *const i64, nopts: i64, seed: u64, n: i64, policy: i64, every_card: i64, out: *mut i64) => crate::lukfu::yz_lukfu_deduce_check;
    yz_lukfu_laosui_steps(opts: *const i64, nopts: i64, deal: *const i64, ndeal: i64, hist: *const i64, nhist: i64, out: *mut i64, cap: i64) => crate::lukfu::yz_lukfu_laosui_steps;
    yz_lukfu_laosui_now(opts: *const i64, nopts: i64, deal: *const i64, ndeal: i64, hist: *const i64, nhist: i64, out: *mut i64, cap: i64) => crate::lukfu::yz_lukfu_laosui_now;
    yz_lukfu_obs_size(opts: *const i64, nopts: i64) => crate::lukfu::yz_lukfu_obs_size;
    yz_lukfu_observe(opts: *const i64, nopts: i64, states: *const i64, n: i64, seats: *const i64, out: *mut f32, cap: i64) => crate::lukfu::yz_lukfu_observe;
    yz_lukfu_observe_i8(opts: *const i64, nopts: i64, states: *const i64, n: i64, seats: *const i64, out: *mut i8, cap: i64) => crate::lukfu::yz_lukfu_observe_i8;
    yz_lukfu_opponent_cards_steps(opts: *const i64, nopts: i64, deal: *const i64, ndeal: i64, hist: *const i64, nhist: i64, out: *mut i64, cap: i64) => crate::lukfu::yz_lukfu_opponent_cards_steps;
    yz_lukfu_playout(opts: *const i64, nopts: i64, deal: *const i64, ndeal: i64, hist: *const i64, nhist: i64, policy: i64, seed: u64, n: i64, out: *mut i64) => crate::lukfu::yz_lukfu_playout;
    yz_lukfu_points(scoring: i64, double12: i64, hu: i64, reds: i64) => crate::lukfu::yz_lukfu_points;
    yz_lukfu_random_playouts(opts: *const i64, nopts: i64, seed: u64, n: i64, out_totals: *mut i64) => crate::lukfu::yz_lukfu_random_playouts;
    yz_lukfu_rows_heuristic(opts: *const i64, nopts: i64, states: *mut i64, n: i64, rows: *const i64, k: i64, out: *mut i64) => crate::lukfu::yz_lukfu_rows_heuristic;
    yz_lukfu_rows_step(opts: *const i64, nopts: i64, states: *mut i64, n: i64, actions: *const i64, deal_mode: i64, seeds: *mut u64, obs: *mut u8, final_obs: *mut u8, obs_cap: i64, mask: *mut u8, nlegal: *mut i64, legal: *mut i16, list_cap: i64, player: *mut i64, rewards: *mut i64, terminated: *mut u8, final_seat: *mut i64, hist: *mut i16, hist_len: i64) => crate::lukfu::yz_lukfu_rows_step;
    yz_lukfu_rows_sync(states: *mut i64, n: i64) => crate::lukfu::yz_lukfu_rows_sync;
    yz_lukfu_state_from_history(opts: *const i64, nopts: i64, deal: *const i64, ndeal: i64, hist: *const i64, nhist: i64, state: *mut i64, cap: i64) => crate::lukfu::yz_lukfu_state_from_history;
    yz_lukfu_state_len() => crate::lukfu::yz_lukfu_state_len;
    yz_lukfu_trace(opts: *const i64, nopts: i64, deal: *const i64, ndeal: i64, seed: u64, out: *mut i64, cap: i64) => crate::lukfu::yz_lukfu_trace;
    yz_lukfu_trace_policy(opts: *const i64, nopts: i64, deal: *const i64, ndeal: i64, policy: i64, seed: u64, out: *mut i64, cap: i64) => crate::lukfu::yz_lukfu_trace_policy;

    // madiao
    yz_madiao_playout(opts: *const i64, nopts: i64, deal: *const i64, ndeal: i64, hist: *const i64, nhist: i64, policy: i64, seed: u64, n: i64, out: *mut i64) => crate::madiao::yz_madiao_playout;
    yz_madiao_policy_trace(opts: *const i64, nopts: i64, deal: *const i64, ndeal: i64, hist: *const i64, nhist: i64, policy: i64, seed: u64, out: *mut i64, cap: i64) => crate::madiao::yz_madiao_policy_trace;
    yz_madiao_random_playouts(opts: *const i64, nopts: i64, seed: u64, n: i64, out_totals: *mut i64) => crate::madiao::yz_madiao_random_playouts;
    yz_madiao_trace(opts: *const i64, nopts: i64, deal: *const i64, ndeal: i64, seed: u64, out: *mut i64, cap: i64) => crate::madiao::yz_madiao_trace;
    yz_madiao_vec_obs_size(opts: *const i64, nopts: i64, kind: i64) => crate::madiao::yz_madiao_vec_obs_size;
    yz_madiao_vec_reset(opts: *const i64, nopts: i64, state: *mut i64, n: i64, seed: u64, kind: i64, obs: *mut f32, obs_size: i64, mask: *mut u8, n_actions: i64, player: *mut i64, settled: *mut i64, over: *mut i64) => crate::madiao::yz_madiao_vec_reset;
    yz_madiao_vec_row(state: *const i64, n: i64, row: i64, out: *mut i64, cap: i64) => crate::madiao::yz_madiao_vec_row;
    yz_madiao_vec_rows_info(opts: *const i64, nopts: i64, what: i64) => crate::madiao::yz_madiao_vec_rows_info;
    yz_madiao_vec_rows_reset(opts: *const i64, nopts: i64, state: *mut i64, n: i64, seed: u64, kind: i64, dtype: i64, obs: *mut u8, obs_size: i64, mask: *mut u8, n_actions: i64, nlegal: *mut i64, legal: *mut i16, list_cap: i64, player: *mut i64, settled: *mut i64, over: *mut i64) => crate::madiao::yz_madiao_vec_rows_reset;
    yz_madiao_vec_rows_step(opts: *const i64, nopts: i64, state: *mut i64, n: i64, actions: *const i64, kind: i64, dtype: i64, obs: *mut u8, obs_size: i64, mask: *mut u8, n_actions: i64, nlegal: *mut i64, legal: *mut i16, list_cap: i64, player: *mut i64, rewards: *mut i64, terminated: *mut u8, final_obs: *mut u8, final_seat: *mut i64, settled: *mut i64, over: *mut i64) => crate::madiao::yz_madiao_vec_rows_step;
    yz_madiao_vec_sync(opts: *const i64, nopts: i64, state: *mut i64, n: i64) => crate::madiao::yz_madiao_vec_sync;
    yz_madiao_vec_state_words(opts: *const i64, nopts: i64) => crate::madiao::yz_madiao_vec_state_words;
    yz_madiao_vec_step(opts: *const i64, nopts: i64, state: *mut i64, n: i64, actions: *mut i64, kind: i64, obs: *mut f32, obs_size: i64, mask: *mut u8, n_actions: i64, player: *mut i64, rewards: *mut i64, terminated: *mut u8, final_obs: *mut f32, final_seat: *mut i64, settled: *mut i64, over: *mut i64) => crate::madiao::yz_madiao_vec_step;

    // paigow
    yz_paigow_heuristic_choice(opts: *const i64, nopts: i64, deal: *const i64, ndeal: i64, hist: *const i64, nhist: i64) => crate::paigow::yz_paigow_heuristic_choice;
    yz_paigow_playout(opts: *const i64, nopts: i64, deal: *const i64, ndeal: i64, hist: *const i64, nhist: i64, policy: i64, seed: u64, n: i64, out: *mut i64) => crate::paigow::yz_paigow_playout;
    yz_paigow_random_playouts(opts: *const i64, nopts: i64, seed: u64, n: i64, totals: *mut i64) => crate::paigow::yz_paigow_random_playouts;
    yz_paigow_trace(opts: *const i64, nopts: i64, deal: *const i64, ndeal: i64, seed: u64, out: *mut i64, cap: i64) => crate::paigow::yz_paigow_trace;
    yz_paigow_vec_obs_size(opts: *const i64, nopts: i64, kind: i64) => crate::paigow::vector::yz_paigow_vec_obs_size;
    yz_paigow_vec_reset(opts: *const i64, nopts: i64, state: *mut i64, n: i64, seed: u64, kind: i64, obs: *mut f32, obs_size: i64, mask: *mut u8, n_actions: i64, player: *mut i64, settled: *mut i64, over: *mut i64) => crate::paigow::vector::yz_paigow_vec_reset;
    yz_paigow_vec_row(opts: *const i64, nopts: i64, state: *const i64, n: i64, row: i64, out: *mut i64, cap: i64) => crate::paigow::vector::yz_paigow_vec_row;
    yz_paigow_vec_rows_info(opts: *const i64, nopts: i64, what: i64) => crate::paigow::vector::yz_paigow_vec_rows_info;
    yz_paigow_vec_rows_reset(opts: *const i64, nopts: i64, state: *mut i64, n: i64, seed: u64, kind: i64, dtype: i64, obs: *mut u8, obs_size: i64, mask: *mut u8, n_actions: i64, nlegal: *mut i64, legal: *mut i16, list_cap: i64, player: *mut i64, settled: *mut i64, over: *mut i64) => crate::paigow::vector::yz_paigow_vec_rows_reset;
    yz_paigow_vec_rows_step(opts: *const i64, nopts: i64, state: *mut i64, n: i64, actions: *const i64, kind: i64, dtype: i64, obs: *mut u8, obs_size: i64, mask: *mut u8, n_actions: i64, nlegal: *mut i64, legal: *mut i16, list_cap: i64, player: *mut i64, rewards: *mut i64, terminated: *mut u8, final_obs: *mut u8, final_seat: *mut i64, settled: *mut i64, over: *mut i64) => crate::paigow::vector::yz_paigow_vec_rows_step;
    yz_paigow_vec_sync(opts: *const i64, nopts: i64, state: *mut i64, n: i64) => crate::paigow::vector::yz_paigow_vec_sync;
    yz_paigow_vec_state_words(opts: *const i64, nopts: i64) => crate::paigow::vector::yz_paigow_vec_state_words;
    yz_paigow_vec_step(opts: *const i64, nopts: i64, state: *mut i64, n: i64, actions: *mut i64, kind: i64, obs: *mut f32, obs_size: i64, mask: *mut u8, n_actions: i64, player: *mut i64, rewards: *mut i64, terminated: *mut u8, final_obs: *mut f32, final_seat: *mut i64, settled: *mut i64, over: *mut i64) => crate::paigow::vector::yz_paigow_vec_step;

    // shiwuhu
    yz_shiwuhu_heuristic_choice(opts: *const i64, nopts: i64, deal: *const i64, ndeal: i64, hist: *const i64, nhist: i64) => crate::shiwuhu::yz_shiwuhu_heuristic_choice;
    yz_shiwuhu_playout(opts: *const i64, nopts: i64, deal: *const i64, ndeal: i64, hist: *const i64, nhist: i64, policy: i64, seed: u64, n: i64, out: *mut i64) => crate::shiwuhu::yz_shiwuhu_playout;
    yz_shiwuhu_random_playouts(opts: *const i64, nopts: i64, seed: u64, n: i64, totals: *mut i64) => crate::shiwuhu::yz_shiwuhu_random_playouts;
    yz_shiwuhu_trace(opts: *const i64, nopts: i64, deal: *const i64, ndeal: i64, seed: u64, out: *mut i64, cap: i64) => crate::shiwuhu::yz_shiwuhu_trace;
    yz_shiwuhu_vec_obs_size(opts: *const i64, nopts: i64, kind: i64) => crate::shiwuhu::vector::yz_shiwuhu_vec_obs_size;
    yz_shiwuhu_vec_reset(opts: *const i64, nopts: i64, state: *mut i64, n: i64, seed: u64, kind: i64, obs: *mut f32, obs_size: i64, mask: *mut u8, n_actions: i64, player: *mut i64, settled: *mut i64, over: *mut i64) => crate::shiwuhu::vector::yz_shiwuhu_vec_reset;
    yz_shiwuhu_vec_row(opts: *const i64, nopts: i64, state: *const i64, n: i64, row: i64, out: *mut i64, cap: i64) => crate::shiwuhu::vector::yz_shiwuhu_vec_row;
    yz_shiwuhu_vec_rows_info(opts: *const i64, nopts: i64, what: i64) => crate::shiwuhu::vector::yz_shiwuhu_vec_rows_info;
    yz_shiwuhu_vec_rows_reset(opts: *const i64, nopts: i64, state: *mut i64, n: i64, seed: u64, kind: i64, dtype: i64, obs: *mut u8, obs_size: i64, mask: *mut u8, n_actions: i64, nlegal: *mut i64, legal: *mut i16, list_cap: i64, player: *mut i64, settled: *mut i64, over: *mut i64) => crate::shiwuhu::vector::yz_shiwuhu_vec_rows_reset;
    yz_shiwuhu_vec_rows_step(opts: *const i64, nopts: i64, state: *mut i64, n: i64, actions: *const i64, kind: i64, dtype: i64, obs: *mut u8, obs_size: i64, mask: *mut u8, n_actions: i64, nlegal: *mut i64, legal: *mut i16, list_cap: i64, player: *mut i64, rewards: *mut i64, terminated: *mut u8, final_obs: *mut u8, final_seat: *mut i64, settled: *mut i64, over: *mut i64) => crate::shiwuhu::vector::yz_shiwuhu_vec_rows_step;
    yz_shiwuhu_vec_sync(opts: *const i64, nopts: i64, state: *mut i64, n: i64) => crate::shiwuhu::vector::yz_shiwuhu_vec_sync;
    yz_shiwuhu_vec_state_words(opts: *const i64, nopts: i64) => crate::shiwuhu::vector::yz_shiwuhu_vec_state_words;
    yz_shiwuhu_vec_step(opts: *const i64, nopts: i64, state: *mut i64, n: i64, actions: *mut i64, kind: i64, obs: *mut f32, obs_size: i64, mask: *mut u8, n_actions: i64, player: *mut i64, rewards: *mut i64, terminated: *mut u8, final_obs: *mut f32, final_seat: *mut i64, settled: *mut i64, over: *mut i64) => crate::shiwuhu::vector::yz_shiwuhu_vec_step;

    // tiengow
    yz_tiengow_heuristic_choice(opts: *const i64, nopts: i64, deal: *const i64, ndeal: i64, hist: *const i64, nhist: i64) => crate::tiengow::yz_tiengow_heuristic_choice;
    yz_tiengow_playout(opts: *const i64, nopts: i64, deal: *const i64, ndeal: i64, hist: *const i64, nhist: i64, policy: i64, seed: u64, n: i64, out: *mut i64) => crate::tiengow::yz_tiengow_playout;
    yz_tiengow_random_playouts(opts: *const i64, nopts: i64, seed: u64, n: i64, totals: *mut i64) => crate::tiengow::yz_tiengow_random_playouts;
    yz_tiengow_trace(opts: *const i64, nopts: i64, deal: *const i64, ndeal: i64, seed: u64, out: *mut i64, cap: i64) => crate::tiengow::yz_tiengow_trace;
    yz_tiengow_vec_obs_size(opts: *const i64, nopts: i64, kind: i64) => crate::tiengow::vector::yz_tiengow_vec_obs_size;
    yz_tiengow_vec_reset(opts: *const i64, nopts: i64, state: *mut i64, n: i64, seed: u64, kind: i64, obs: *mut f32, obs_size: i64, mask: *mut u8, n_actions: i64, player: *mut i64, settled: *mut i64, over: *mut i64) => crate::tiengow::vector::yz_tiengow_vec_reset;
    yz_tiengow_vec_row(opts: *const i64, nopts: i64, state: *const i64, n: i64, row: i64, out: *mut i64, cap: i64) => crate::tiengow::vector::yz_tiengow_vec_row;
    yz_tiengow_vec_rows_info(opts: *const i64, nopts: i64, what: i64) => crate::tiengow::vector::yz_tiengow_vec_rows_info;
    yz_tiengow_vec_rows_reset(opts: *const i64, nopts: i64, state: *mut i64, n: i64, seed: u64, kind: i64, dtype: i64, obs: *mut u8, obs_size: i64, mask: *mut u8, n_actions: i64, nlegal: *mut i64, legal: *mut i16, list_cap: i64, player: *mut i64, settled: *mut i64, over: *mut i64) => crate::tiengow::vector::yz_tiengow_vec_rows_reset;
    yz_tiengow_vec_rows_step(opts: *const i64, nopts: i64, state: *mut i64, n: i64, actions: *const i64, kind: i64, dtype: i64, obs: *mut u8, obs_size: i64, mask: *mut u8, n_actions: i64, nlegal: *mut i64, legal: *mut i16, list_cap: i64, player: *mut i64, rewards: *mut i64, terminated: *mut u8, final_obs: *mut u8, final_seat: *mut i64, settled: *mut i64, over: *mut i64) => crate::tiengow::vector::yz_tiengow_vec_rows_step;
    yz_tiengow_vec_sync(opts: *const i64, nopts: i64, state: *mut i64, n: i64) => crate::tiengow::vector::yz_tiengow_vec_sync;
    yz_tiengow_vec_state_words(opts: *const i64, nopts: i64) => crate::tiengow::vector::yz_tiengow_vec_state_words;
    yz_tiengow_vec_step(opts: *const i64, nopts: i64, state: *mut i64, n: i64, actions: *mut i64, kind: i64, obs: *mut f32, obs_size: i64, mask: *mut u8, n_actions: i64, player: *mut i64, rewards: *mut i64, terminated: *mut u8, final_obs: *mut f32, final_seat: *mut i64, settled: *mut i64, over: *mut i64) => crate::tiengow::vector::yz_tiengow_vec_step;
}

/// This table as text (`describe()`), into the caller's buffer: its length in bytes.
fn write_exports(out: *mut u8, cap: i64) -> i64 {
    static TEXT: OnceLock<String> = OnceLock::new();
    crate::ffi::write_text(TEXT.get_or_init(describe), out, cap)
}
