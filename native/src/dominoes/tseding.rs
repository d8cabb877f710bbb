//! 斜釘 `tseding`: the C exports `yz_tseding_*` over the shared chain core (`super`).

use super::ffi::exports;
use super::GameKind;

exports!(GameKind::TseDing, yz_tseding_trace, yz_tseding_random_playouts, yz_tseding_playout, yz_tseding_heuristic_choice);
crate::vecrows::vec_exports!(super::vector::Dom<1>, yz_tseding_vec_state_words, yz_tseding_vec_obs_size, yz_tseding_vec_reset,
                             yz_tseding_vec_step, yz_tseding_vec_row, yz_tseding_vec_rows_reset, yz_tseding_vec_rows_step,
                             yz_tseding_vec_sync, yz_tseding_vec_rows_info);
