//! 頂牛 `dingniu`: the C exports `yz_dingniu_*` over the shared chain core (`super`).

use super::ffi::exports;
use super::GameKind;

exports!(GameKind::DingNiu, yz_dingniu_trace, yz_dingniu_random_playouts, yz_dingniu_playout, yz_dingniu_heuristic_choice);
crate::vecrows::vec_exports!(super::vector::Dom<2>, yz_dingniu_vec_state_words, yz_dingniu_vec_obs_size, yz_dingniu_vec_reset,
                             yz_dingniu_vec_step, yz_dingniu_vec_row, yz_dingniu_vec_rows_reset, yz_dingniu_vec_rows_step,
                             yz_dingniu_vec_sync, yz_dingniu_vec_rows_info);
