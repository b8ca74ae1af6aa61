//! Byte buffers lent to the host by handle. The host asks for a buffer of some length,
//! learns its address in the module's memory, writes a request into it and hands the
//! handle back; answers come back the same way. Handles, not addresses, cross the
//! boundary inward, so the module never reads memory through a pointer it was given.

/// A table of buffers; handle `h` is slot `h - 1`, and 0 is never a handle.
#[derive(Default)]
pub struct Buffers {
    slots: Vec<Option<Vec<u8>>>,
}

impl Buffers {
    pub const fn new() -> Buffers {
        Buffers { slots: Vec::new() }
    }

    /// Keeps `bytes` and returns its handle (a freed slot is reused first).
    pub fn put(&mut self, bytes: Vec<u8>) -> u32 {
        let slot = match self.slots.iter().position(Option::is_none) {
            Some(i) => {
                self.slots[i] = Some(bytes);
                i
            }
            None => {
                self.slots.push(Some(bytes));
                self.slots.len() - 1
            }
        };
        slot as u32 + 1
    }

    /// A new zeroed buffer of `len` bytes.
    pub fn alloc(&mut self, len: usize) -> u32 {
        self.put(vec![0; len])
    }

    fn slot(&self, handle: u32) -> Option<&Vec<u8>> {
        let i = (handle as usize).checked_sub(1)?;
        self.slots.get(i)?.as_ref()
    }

    /// The buffer's contents.
    pub fn bytes(&self, handle: u32) -> Option<&[u8]> {
        self.slot(handle).map(Vec::as_slice)
    }

    /// The buffer's contents, to write into.
    pub fn bytes_mut(&mut self, handle: u32) -> Option<&mut [u8]> {
        let i = (handle as usize).checked_sub(1)?;
        self.slots.get_mut(i)?.as_mut().map(Vec::as_mut_slice)
    }

    /// The address of the buffer's first byte in the module's memory (0: no such buffer).
    pub fn address(&self, handle: u32) -> usize {
        self.slot(handle).map_or(0, |b| b.as_ptr() as usize)
    }

    /// The buffer's length (0: no such buffer, or empty).
    pub fn len(&self, handle: u32) -> usize {
        self.slot(handle).map_or(0, Vec::len)
    }

    /// Removes the buffer and gives its contents.
    pub fn take(&mut self, handle: u32) -> Option<Vec<u8>> {
        let i = (handle as usize).checked_sub(1)?;
        let taken = self.slots.get_mut(i)?.take();
        while self.slots.last().is_some_and(Option::is_none) {
            self.slots.pop();
        }
        taken
    }

    /// Buffers currently lent out.
    pub fn count(&self) -> usize {
        self.slots.iter().filter(|s| s.is_some()).count()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn handles_start_at_one_and_are_reused() {
        let mut b = Buffers::default();
        let first = b.alloc(3);
        let second = b.put(b"abc".to_vec());
        assert_eq!((first, second), (1, 2));
        assert_eq!(b.bytes(first), Some(&[0u8, 0, 0][..]));
        assert_eq!(b.len(second), 3);
        assert_ne!(b.address(second), 0);
        assert_eq!(b.take(first), Some(vec![0, 0, 0]));
        assert_eq!(b.put(vec![7]), 1);
        assert_eq!(b.count(), 2);
    }

    #[test]
    fn unknown_handles_are_refused() {
        let mut b = Buffers::default();
        assert_eq!(b.address(0), 0);
        assert_eq!(b.len(9), 0);
        assert!(b.bytes_mut(1).is_none());
        assert!(b.take(0).is_none());
        let h = b.alloc(1);
        assert!(b.take(h).is_some());
        assert!(b.take(h).is_none(), "a handle is taken once");
        assert_eq!(b.count(), 0);
    }
}
