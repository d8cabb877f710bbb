//! 接龍 `jielong`: the C exports `yz_jielong_*` over the shared chain core (`super`).

use super::ffi::exports;
use super::GameKind;

exports!(GameKind::JieLong, yz_jielong_trace, yz_jielong_random_playouts, yz_jielong_playout, yz_jielong_heuristic_choice);
crate::vecrows::vec_exports!(super::vector::Dom<0>, yz_jielong_vec_state_words, yz_jielong_vec_obs_size, yz_jielong_vec_reset,
                             yz_jielong_vec_step, yz_jielong_vec_row, yz_jielong_vec_rows_reset, yz_jielong_vec_rows_step,
                             yz_jielong_vec_sync, yz_jielong_vec_rows_info);
