//! The search tree: nodes in one preallocated arena, reused from decision to decision.
//! Only the searching seat's decisions are nodes (the opponents are part of the environment),
//! and a child is identified by its `Action`, which names cards, seats and ranks, so the same
//! move in different determinizations is the same child.

use crate::engine::action::Action;

const NONE: u32 = u32::MAX;

#[derive(Clone, Copy, Debug)]
pub struct Node {
    /// The move from the parent to this node.
    pub action: Action,
    /// `action.key()`, which the search compares with the legal moves' keys (it fills
    /// what would be padding before `total`: a node is 32 bytes either way).
    pub key: u32,
    first_child: u32,
    next_sibling: u32,
    /// Iterations that went through this node.
    pub visits: u32,
    /// Iterations in which this node's move was legal at its parent ("availability").
    pub avail: u32,
    /// Sum of the rewards (in [0, 1], for the searching seat) of the visits.
    pub total: f64,
}

// The key fills what would be padding before `total`: a node is 32 bytes with or without it.
const _: () = assert!(std::mem::size_of::<Node>() == 32);

/// The arena: node 0 is the root.
#[derive(Clone, Debug, Default)]
pub struct Tree {
    nodes: Vec<Node>,
    /// The arena `reroot` copies a subtree into, swapped with `nodes` (memory kept).
    spare: Vec<Node>,
}

impl Tree {
    /// Empties the tree, keeping its memory, and makes a fresh root.
    pub fn reset(&mut self, capacity: usize) {
        self.nodes.clear();
        self.nodes.reserve(capacity);
        self.nodes.push(Node {
            action: Action::EndTurn,
            key: Action::EndTurn.key(),
            first_child: NONE,
            next_sibling: NONE,
            visits: 0,
            avail: 0,
            total: 0.0,
        });
    }

    /// Keeps only the subtree of `id`, which becomes the root (its statistics kept), and
    /// makes room for `capacity` more nodes. Every node keeps its children in their order, so
    /// the search goes on as if the subtree had been grown from this root.
    pub fn reroot(&mut self, id: u32, capacity: usize) {
        let mut fresh = std::mem::take(&mut self.spare);
        fresh.clear();
        let mut root = self.nodes[id as usize];
        root.next_sibling = NONE;
        fresh.push(root);
        // Breadth first: a copied node's `first_child` still names the old arena's child
        // until the node's turn comes to copy its children.
        let mut i = 0;
        while i < fresh.len() {
            let mut old = fresh[i].first_child;
            fresh[i].first_child = NONE;
            let mut previous = NONE;
            while old != NONE {
                let mut child = self.nodes[old as usize];
                old = child.next_sibling;
                child.next_sibling = NONE;
                let new = fresh.len() as u32;
                fresh.push(child);
                if previous == NONE {
                    fresh[i].first_child = new;
                } else {
                    fresh[previous as usize].next_sibling = new;
                }
                previous = new;
            }
            i += 1;
        }
        fresh.reserve(capacity);
        self.spare = std::mem::replace(&mut self.nodes, fresh);
    }

    /// The child of `id` for `action`, if the search made one.
    pub fn child(&self, id: u32, action: Action) -> Option<u32> {
        self.children(id)
            .find(|&c| self.nodes[c as usize].key == action.key())
    }

    /// No root yet: no search has run (every decision so far had one legal move).
    pub fn is_empty(&self) -> bool {
        self.nodes.is_empty()
    }

    pub fn node(&self, id: u32) -> &Node {
        &self.nodes[id as usize]
    }

    /// The children of `id`.
    pub fn children(&self, id: u32) -> impl Iterator<Item = u32> + '_ {
        let mut next = self.nodes[id as usize].first_child;
        std::iter::from_fn(move || {
            (next != NONE).then(|| {
                let child = next;
                next = self.nodes[child as usize].next_sibling;
                child
            })
        })
    }

    /// The first child of `id` and the next sibling of a child, for walking the children
    /// while updating them.
    pub fn first_child(&self, id: u32) -> Option<u32> {
        let c = self.nodes[id as usize].first_child;
        (c != NONE).then_some(c)
    }
    pub fn next_sibling(&self, id: u32) -> Option<u32> {
        let c = self.nodes[id as usize].next_sibling;
        (c != NONE).then_some(c)
    }

    /// Adds a child of `parent` for `action` (its availability starts at 1: it is legal now).
    pub fn add_child(&mut self, parent: u32, action: Action) -> u32 {
        let id = self.nodes.len() as u32;
        let sibling = self.nodes[parent as usize].first_child;
        self.nodes.push(Node {
            action,
            key: action.key(),
            first_child: NONE,
            next_sibling: sibling,
            visits: 0,
            avail: 1,
            total: 0.0,
        });
        self.nodes[parent as usize].first_child = id;
        id
    }

    pub fn mark_available(&mut self, id: u32) {
        self.nodes[id as usize].avail += 1;
    }

    pub fn record(&mut self, id: u32, reward: f64) {
        let node = &mut self.nodes[id as usize];
        node.visits += 1;
        node.total += reward;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The nodes under `id`, depth first in child order: (depth, action, visits, avail,
    /// total).
    fn shape(tree: &Tree, id: u32, depth: usize, out: &mut Vec<(usize, Action, u32, u32, f64)>) {
        for c in tree.children(id) {
            let n = tree.node(c);
            out.push((depth, n.action, n.visits, n.avail, n.total));
            shape(tree, c, depth + 1, out);
        }
    }

    /// Re-rooting keeps the subtree of the move played, node for node and in child order,
    /// and drops everything else.
    #[test]
    fn reroot_keeps_exactly_the_subtree() {
        let mut tree = Tree::default();
        tree.reset(16);
        let a = tree.add_child(0, Action::TakeGold);
        let b = tree.add_child(0, Action::DrawCards);
        let a1 = tree.add_child(a, Action::EndTurn);
        let a2 = tree.add_child(a, Action::TakeIncome);
        let a21 = tree.add_child(a2, Action::EndTurn);
        tree.add_child(b, Action::EndTurn);
        for (id, reward) in [
            (a, 0.5),
            (a, 0.25),
            (a1, 0.5),
            (a2, 0.25),
            (a21, 1.0),
            (b, 0.0),
        ] {
            tree.record(id, reward);
        }
        tree.mark_available(a2);
        let mut before = Vec::new();
        shape(&tree, a, 0, &mut before);
        let root = *tree.node(a);
        tree.reroot(a, 16);
        let mut after = Vec::new();
        shape(&tree, 0, 0, &mut after);
        assert_eq!(after, before);
        assert_eq!(tree.nodes.len(), 4, "the root and its three descendants");
        let new_root = tree.node(0);
        assert_eq!((new_root.visits, new_root.total), (root.visits, root.total));
        assert_eq!(tree.next_sibling(0), None);
        assert_eq!(
            tree.child(0, Action::TakeIncome)
                .map(|c| tree.node(c).visits),
            Some(1)
        );
        assert_eq!(tree.child(0, Action::DrawCards), None);
    }
}
