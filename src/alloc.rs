//! The program's allocator: mimalloc, asked the way that is quickest for what is asked.
//!
//! Games allocate and free many small blocks (Lua tables and strings, kernel records). The
//! `mimalloc` crate asks mimalloc for every block with its alignment (`mi_malloc_aligned`),
//! whose quick path only serves a block that happens to be aligned: Lua's blocks (mlua asks
//! 16-byte alignment) of 24 or 40 bytes fall into size classes mimalloc aligns to 8 only, and
//! took its slow path. Here a block aligned to 8 or less is a plain `mi_malloc` (mimalloc
//! aligns every block to 8); one aligned to 16 is asked rounded up to a multiple of 16, whose
//! size classes are 16-aligned, and checked: should one come back unaligned, it is asked
//! again the aligned way. Anything else goes to mimalloc's aligned functions.
//!
//! mimalloc is built from a patched copy (`vendor/libmimalloc-sys/PATCH.md`): each allocation
//! prefetches the next free block of its size, mostly out of the cache in a game's Lua heap.

use libmimalloc_sys as mi;
use std::alloc::{GlobalAlloc, Layout};
use std::ffi::c_void;

pub struct Allocator;

const WORD: usize = 8;
const DOUBLE: usize = 16;

fn round16(size: usize) -> usize {
    (size + DOUBLE - 1) & !(DOUBLE - 1)
}

fn aligned(p: *mut c_void, align: usize) -> bool {
    (p as usize) & (align - 1) == 0
}

/// A new block for `layout` from `plain` (mimalloc's entry without alignment) or, when that
/// cannot give the alignment, `aligned`: mi_malloc and mi_malloc_aligned, or the zeroing pair.
#[inline]
unsafe fn new_block(
    layout: Layout,
    plain: unsafe extern "C" fn(usize) -> *mut c_void,
    aligned_entry: unsafe extern "C" fn(usize, usize) -> *mut c_void,
) -> *mut u8 {
    let (size, align) = (layout.size(), layout.align());
    if align <= WORD {
        return plain(size) as *mut u8;
    }
    if align == DOUBLE {
        let p = plain(round16(size));
        if p.is_null() || aligned(p, DOUBLE) {
            return p as *mut u8;
        }
        mi::mi_free(p);
    }
    aligned_entry(size, align) as *mut u8
}

unsafe impl GlobalAlloc for Allocator {
    #[inline]
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        new_block(layout, mi::mi_malloc, mi::mi_malloc_aligned)
    }

    #[inline]
    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        new_block(layout, mi::mi_zalloc, mi::mi_zalloc_aligned)
    }

    #[inline]
    unsafe fn dealloc(&self, ptr: *mut u8, _layout: Layout) {
        mi::mi_free(ptr as *mut c_void);
    }

    #[inline]
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        let align = layout.align();
        if align <= WORD {
            return mi::mi_realloc(ptr as *mut c_void, new_size) as *mut u8;
        }
        if align == DOUBLE {
            let p = mi::mi_realloc(ptr as *mut c_void, round16(new_size));
            if p.is_null() || aligned(p, DOUBLE) {
                return p as *mut u8;
            }
            // (The block moved to an unaligned place: copy it to an aligned one.)
            let q = mi::mi_malloc_aligned(new_size, DOUBLE);
            if !q.is_null() {
                std::ptr::copy_nonoverlapping(p as *const u8, q as *mut u8, layout.size().min(new_size));
            }
            mi::mi_free(p);
            return q as *mut u8;
        }
        mi::mi_realloc_aligned(ptr as *mut c_void, new_size, align) as *mut u8
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn blocks_have_the_alignment_asked_and_keep_their_bytes() {
        let a = Allocator;
        for align in [1, 2, 4, 8, 16, 32, 64] {
            for size in [1usize, 7, 8, 15, 16, 17, 24, 40, 48, 100, 1000, 70_000] {
                let layout = Layout::from_size_align(size, align).unwrap();
                unsafe {
                    let p = a.alloc(layout);
                    assert!(!p.is_null() && (p as usize).is_multiple_of(align), "alloc {size} aligned {align}");
                    for i in 0..size {
                        *p.add(i) = i as u8;
                    }
                    let grown = size * 3 + 5;
                    let q = a.realloc(p, layout, grown);
                    assert!(
                        !q.is_null() && (q as usize).is_multiple_of(align),
                        "realloc {size} -> {grown} aligned {align}"
                    );
                    for i in 0..size {
                        assert_eq!(*q.add(i), i as u8, "byte {i} kept by realloc");
                    }
                    a.dealloc(q, Layout::from_size_align(grown, align).unwrap());
                    let z = a.alloc_zeroed(layout);
                    assert!(!z.is_null() && (z as usize).is_multiple_of(align), "zeroed {size} aligned {align}");
                    assert!((0..size).all(|i| *z.add(i) == 0), "zeroed {size}");
                    a.dealloc(z, layout);
                }
            }
        }
    }
}
